#pragma once
// Matching ▸ Explain this fulfilment: why a logged event went as it did for
// its waitlist order. The text names the command, what freed seats, the
// candidates in queue order with their effective times, the decisions taken
// before, the decision itself and the seats concerned; beside it the run's
// seats as they stood at that decision (freed runs tinted, the seats served
// outlined). The text can be exported as a report and printed.

#include <QDialog>
#include <memory>

#include "houbu/session.h"

class QTextBrowser;

namespace houbu {

class SeatFilterModel;
class SeatGridModel;
class SeatGridView;
class TextReport;

class ExplanationDialog : public QDialog {
    Q_OBJECT

  public:
    ExplanationDialog(std::shared_ptr<const EventExplanation> explanation, QWidget* parent);

    // "Why W8 was served" / "… failed" / "… was passed over".
    static QString title(const EventExplanation& e);
    // The explanation as the dialog shows it (HTML).
    static QString reportHtml(const EventExplanation& e);
    TextReport report() const;

    const EventExplanation& explanation() const { return *explanation_; }
    QTextBrowser* text() const { return text_; }
    SeatGridView* grid() const { return grid_; }
    SeatGridModel* gridModel() const { return model_; }

  private:
    std::shared_ptr<const EventExplanation> explanation_;
    QTextBrowser* text_ = nullptr;
    SeatGridModel* model_ = nullptr;
    SeatFilterModel* filter_ = nullptr;
    SeatGridView* grid_ = nullptr;
};

}  // namespace houbu
