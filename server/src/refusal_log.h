#pragma once
// The log of refused requests, safe against a client that writes it.
//
// A client chooses the path, the headers and how often it is refused: each
// logged text is escaped (control characters, including CR, LF and ESC, as
// \xNN; cut at 200 characters), so that no request can forge a log line or
// a terminal code; and at most kLinesPerSecond refusals are logged one by
// one, the others counted by status and summed up in one line a second
// later, so that a flood of bad requests cannot fill the disk.

#include <QObject>
#include <QString>
#include <QStringView>
#include <QTimer>
#include <map>

namespace houbu {

// `text` fit for one log line.
QString loggable(QStringView text);

class RefusalLog : public QObject {
  public:
    static constexpr int kLinesPerSecond = 20;

    explicit RefusalLog(QObject* parent = nullptr);
    // Logs `line` (escaped here) for a refusal with HTTP `status`, or counts it.
    void refused(int status, const QString& line);

  private:
    void summarize();

    QTimer window_;
    int logged_ = 0;                  // lines logged in this window
    std::map<int, qint64> unlogged_;  // status -> refusals counted, not logged
};

}  // namespace houbu
