#pragma once
// Reads input lines in batches, from a file or from standard input, in slices
// so that the input never sits whole in memory. Standard input is batched with
// whatever else has already arrived, so a pipe is batched while an interactive
// user gets an answer per line.

#include <QByteArray>
#include <QList>
#include <string>

#include "houbu/store.h"

namespace houbu::cli {

class LineSource {
  public:
    LineSource() = default;
    LineSource(const LineSource&) = delete;
    LineSource& operator=(const LineSource&) = delete;
    ~LineSource();

    bool openFile(const char* path, std::string& error);
    void openStdin();
    bool interactive() const { return stdin_; }

    // Fills `batch` with up to `max` lines; false at the end of the input.
    bool next(QList<InputLine>& batch, int max);

  private:
    bool readMore();
    int fd_ = -1;
    QByteArray buffer_;
    qsizetype pos_ = 0;
    int number_ = 0;
    bool eof_ = false;
    bool stdin_ = false;
};

}  // namespace houbu::cli
