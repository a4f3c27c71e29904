#pragma once
// Models announce changes as few signals as possible: one dataChanged per
// contiguous run of changed rows, never a reset for an update.

#include <QList>
#include <vector>

namespace houbu {

// Emits one dataChanged per contiguous run of rows in `rows` (sorted).
template <typename Model>
void emitRowRanges(Model* model, const std::vector<int>& rows, int lastColumn,
                   const QList<int>& roles) {
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j + 1 < rows.size() && rows[j + 1] == rows[j] + 1)
            ++j;
        emit model->dataChanged(model->index(rows[i], 0), model->index(rows[j], lastColumn), roles);
        i = j + 1;
    }
}

}  // namespace houbu
