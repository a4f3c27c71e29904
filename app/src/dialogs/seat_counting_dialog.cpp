#include "houbu/dialogs/seat_counting_dialog.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <map>

#include "houbu/command.h"
#include "houbu/display_names.h"
#include "houbu/error_sentences.h"

#include "dialog_support.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

int SeatCountingDialog::freeSeats(const QString& cls, int from, int to) const {
    int n = 0;
    for (const SeatView& s : snap().seats)
        n += qs(s.travelClass) == cls && freeOver(s, from, to);
    return n;
}

int SeatCountingDialog::standingFree(const QString& cls, int from, int to) const {
    for (const ClassView& c : snap().run.classDetails) {
        if (qs(c.name) != cls || c.standingPlaces == 0) continue;
        int least = c.standingPlaces;
        for (int g = std::max(from, 0); g < to && g < static_cast<int>(c.standingLoad.size()); ++g)
            least = std::min(least, c.standingPlaces - c.standingLoad[static_cast<std::size_t>(g)]);
        return least;
    }
    return -1;
}

}  // namespace houbu
