#pragma once

#include <QDateTime>
#include <QDialog>
#include <QPointer>
#include <QStringList>

#include "houbu/command.h"
#include "houbu/session.h"

class QComboBox;
class QDateTimeEdit;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;
#include "houbu/dialogs/operator_context.h"

namespace houbu {

class IntervalPicker;

class OperatorDialog : public QDialog {
    Q_OBJECT

  public:
    // The command the dialog sends as the journal will hold it (one compact
    // JSON line); empty while the input is incomplete.
    QByteArray command() const;
    // The first problem with the input, empty when it is valid: a field left
    // empty, or the error the engine foresees for the command.
    QString problem() const { return problem_; }
    // Waiting for the engine's precheck of the current input.
    bool isChecking() const { return precheck_ != 0; }
    QLabel* messageLabel() const { return message_; }
    // What the command would do, from the engine's preview of it (Engine::mark,
    // undo): the orders it would serve and its run's longest queue before and
    // after. Hidden when there is nothing to say.
    QLabel* previewLabel() const { return preview_; }
    // The orders the last preview would serve, in the order it serves them.
    const QStringList& previewServed() const { return previewServed_; }
    QPushButton* sendButton() const { return send_; }
    // Sends the command paused at its first matching decision (step mode),
    // shown while a preview says it would serve someone and the session can step.
    QPushButton* stepButton() const { return step_; }
    QDateTimeEdit* atEdit() const { return at_; }
    bool isSending() const { return ticket_ != 0; }
    // The events that answered the command (after it applied, or an error).
    const QList<EventRecord>& reply() const { return reply_; }

  public slots:
    void accept() override;  // sends; closes once the command applied
    void reject() override;  // ignored while the command is in flight
    // Re-checks the input (every field's change signal comes here).
    void revalidate();

  signals:
    // The command applied; `summary` is a line for the status bar.
    void applied(const QList<houbu::EventRecord>& events, const QString& summary);
    // Step through: the window turns step mode on and sends `command`; the
    // dialog has closed.
    void stepRequested(const QByteArray& command);

  protected:
    OperatorDialog(Session* session, OperatorContext context, QWidget* parent);
    void changeEvent(QEvent* event) override;
    virtual QString validate() const = 0;
    // The command as the input stands; called only once validate() found no problem.
    virtual Command buildCommand() const = 0;
    virtual QString summarize(const QList<EventRecord>& events) const;
    // What the operator should know before sending a command the engine takes
    // (shown instead of a problem, not as one); empty when nothing.
    virtual QString notice() const { return {}; }
    // The engine's answer to the command as it stands: refused with `error`
    // (and the `waitlist` hint), or not (nullopt).
    virtual void judged(std::optional<ErrorCode> error, bool waitlistHint) {
        (void)error;
        (void)waitlistHint;
    }
    // The preview in words (empty: nothing worth saying for this command).
    virtual QString previewText(const CommandPreview& preview);
    // Adds the time row (unless the dialog edits the time itself), the message
    // line and the buttons; call at the end of the constructor.
    void finish(const QString& sendText, bool withTime = true);
    QFormLayout* form() const { return form_; }
    QDialogButtonBox* buttonBox() const { return buttons_; }
    QVBoxLayout* contentLayout() const { return contentLayout_; }
    const ConsoleSnapshot& snap() const { return *context_.snapshot; }
    QDateTime clock() const { return clock_; }
    // A command `op` at the command's time.
    Command start(Op op) const;
    // The same on the shown run (train and date).
    Command startOnRun(Op op) const;
    // A sale or block on the shown run: its id, interval and class as entered.
    Command startOnInterval(Op op, const QLineEdit* id, const IntervalPicker* interval,
                            const QComboBox* travelClass) const;
    QStringList stations() const;
    const SeatView* seatByLabel(const QString& text) const;
    // The run's classes in words, each keeping its code; `current` is a code.
    QComboBox* classCombo(const QString& current);
    // The class code a class combo names.
    static QString classOf(const QComboBox* combo);
    QLineEdit* idEdit(const QString& prefix);
    QString runName() const;
    // The engine's time of a moment chosen in the dialog (to the second).
    static Time timeAt(const QDateTime& t);
    // std::string of a field's text, trimmed.
    static std::string field(const QString& text);

    OperatorContext context_;

  private:
    void onAnswered(quint64 ticket, const QList<EventRecord>& events, const QString& failure);
    void onPrechecked(quint64 ticket, const PrecheckReply& reply);
    void showMessage(const QString& text, bool error);
    void showProblemOrNotice();
    // What a `duplicate` answer means for this command, for the operator.
    QString duplicateText(const QString& id) const;

    QPointer<Session> session_;
    QDateTime clock_;
    QWidget* content_ = nullptr;
    QVBoxLayout* contentLayout_ = nullptr;
    QFormLayout* form_ = nullptr;
    QLabel* message_ = nullptr;
    QLabel* preview_ = nullptr;
    QStringList previewServed_;
    QDialogButtonBox* buttons_ = nullptr;
    QPushButton* step_ = nullptr;
    QPushButton* send_ = nullptr;
    QDateTimeEdit* at_ = nullptr;
    QString problem_;
    quint64 ticket_ = 0;
    quint64 precheck_ = 0;  // the precheck whose answer counts, 0 when none is awaited
    bool ready_ = false;    // finish() ran: every field exists
    bool messageIsError_ = false;
    QList<EventRecord> reply_;
    QHash<QString, const SeatView*> seats_;
};

}  // namespace houbu
