#pragma once
// The operator's dialogs: each one offers only choices the shown state allows,
// checks the input as it is typed (a message names the first problem, Send is
// disabled until there is none) and sends exactly one command (commands.md).
// A dialog itself only asks for what is missing; whether the engine would take
// the command is the engine's answer to Session::precheck, named in words by
// errorSentence.
// The dialog stays open while the command is in flight; an engine error is
// shown in it with the input intact, and it closes once the command applied.

#include <QDateTime>
#include <QDialog>
#include <QJsonObject>
#include <QMessageBox>
#include <QPair>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include "houbu/session.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;
class QTreeWidget;
class QVBoxLayout;

namespace houbu {

// A waitlist order awaiting its prepayment (waitlist_submitted seen, not yet
// effective, cancelled or expired).
struct PendingPrepay {
    QString id;
    double prepay = 0;  // yuan
    QString payBy;      // "YYYY-MM-DDTHH:MM"
};

// What a dialog offers its choices from, and what the operator points at.
struct OperatorContext {
    SnapshotPtr snapshot;  // never null
    QList<PendingPrepay> awaitingPrepay;
    // A grid selection: seat over stops from→to (from < to), or none (-1).
    QString seat;
    int from = -1;
    int to = -1;
    QString holder;      // a ticket or block id under the cursor
    QString order;       // a waitlist order chosen in the queue view
    QString queueClass;  // the class of the queue (or order) chosen in the queue view
};

// A fresh, readable id for what a command creates: prefix, the clock's date
// and a counter kept in the settings, e.g. "S-20250106-0007".
QString freshId(const QString& prefix, const QString& clock);

// Two station combos in stop order; `to` only offers stations after `from`.
class IntervalPicker : public QWidget {
    Q_OBJECT

  public:
    IntervalPicker(const QStringList& stations, QWidget* parent = nullptr);
    int from() const;
    int to() const;
    QString fromStation() const;
    QString toStation() const;
    void setInterval(int from, int to);
    QComboBox* fromCombo() const { return from_; }
    QComboBox* toCombo() const { return to_; }

  signals:
    void changed();

  private:
    void refillTo(int keep);
    QStringList stations_;
    QComboBox* from_ = nullptr;
    QComboBox* to_ = nullptr;
};

// Rows × seat letters of one car seen from above: window seats tinted, the
// aisle drawn between C and D.
class SeatMapPreview : public QWidget {
    Q_OBJECT

  public:
    explicit SeatMapPreview(QWidget* parent = nullptr);
    void setCar(int rows, const QString& layout);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    int rows_ = 0;
    QString layout_;
};

class OperatorDialog : public QDialog {
    Q_OBJECT

  public:
    // The command the dialog sends (one compact JSON line); empty while invalid.
    QByteArray command() const;
    // The first problem with the input, empty when it is valid: a field left
    // empty, or the error the engine foresees for the command.
    QString problem() const { return problem_; }
    // Waiting for the engine's precheck of the current input.
    bool isChecking() const { return precheck_ != 0; }
    QLabel* messageLabel() const { return message_; }
    QPushButton* sendButton() const { return send_; }
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

  protected:
    OperatorDialog(Session* session, OperatorContext context, QWidget* parent);
    void changeEvent(QEvent* event) override;
    virtual QString validate() const = 0;
    virtual QJsonObject commandObject() const = 0;
    virtual QString summarize(const QList<EventRecord>& events) const;
    // What the operator should know before sending a command the engine takes
    // (shown instead of a problem, not as one); empty when nothing.
    virtual QString notice() const { return {}; }
    // Adds the time row (unless the dialog edits the time itself), the message
    // line and the buttons; call at the end of the constructor.
    void finish(const QString& sendText, bool withTime = true);
    QFormLayout* form() const { return form_; }
    QDialogButtonBox* buttonBox() const { return buttons_; }
    QVBoxLayout* contentLayout() const { return contentLayout_; }
    const ConsoleSnapshot& snap() const { return *context_.snapshot; }
    QDateTime clock() const { return clock_; }
    // {"op": op, "at": the command's time}
    QJsonObject start(const QString& op) const;
    // {"op", "at", "train", "date"} of the shown run.
    QJsonObject startOnRun(const QString& op) const;
    QStringList stations() const;
    const SeatView* seatByLabel(const QString& text) const;
    // The run's classes in words, each keeping its code; `current` is a code.
    QComboBox* classCombo(const QString& current);
    // The class code a class combo names.
    static QString classOf(const QComboBox* combo);
    QLineEdit* idEdit(const QString& prefix);
    QString runName() const;
    static QString formatAt(const QDateTime& t);

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
    QDialogButtonBox* buttons_ = nullptr;
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

// Release (operator): every ticket and block on a seat within an interval,
// with a reason, or a quota block by id.
class ReleaseDialog : public OperatorDialog {
    Q_OBJECT

  public:
    ReleaseDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);

  protected:
    QString validate() const override;
    QJsonObject commandObject() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    void describe();
    QRadioButton* bySeat_ = nullptr;
    QRadioButton* byBlock_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QLineEdit* seat_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QComboBox* reason_ = nullptr;
    QLabel* contents_ = nullptr;
    QComboBox* block_ = nullptr;
};

// Add a car (加挂) to the shown run.
class AddCarDialog : public OperatorDialog {
    Q_OBJECT

  public:
    AddCarDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    SeatMapPreview* preview() const { return preview_; }
    // The question asked before the car is added (open while it waits), or null.
    QMessageBox* confirmation() const { return confirmation_; }

  public slots:
    // An added car cannot be taken off again: asks first, whatever sent it
    // (the button or Return).
    void accept() override;

  protected:
    QString validate() const override;
    QJsonObject commandObject() const override;

  private:
    QSpinBox* car_ = nullptr;
    QComboBox* class_ = nullptr;
    QSpinBox* rows_ = nullptr;
    QLineEdit* layout_ = nullptr;
    SeatMapPreview* preview_ = nullptr;
    QPointer<QMessageBox> confirmation_;
    bool layoutEdited_ = false;
};

// Shared by sell and block: how many seats of a class are free over an
// interval, shown beside it.
class SeatCountingDialog : public OperatorDialog {
    Q_OBJECT

  protected:
    using OperatorDialog::OperatorDialog;
    int freeSeats(const QString& cls, int from, int to) const;
    // Standing places of the class free over the interval (the least over its
    // segments), as the run's view counts them; -1 when the class has none.
    int standingFree(const QString& cls, int from, int to) const;
};

// Withhold inventory as a quota block (预留).
class BlockDialog : public SeatCountingDialog {
    Q_OBJECT

  public:
    BlockDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);

  protected:
    QString validate() const override;
    QJsonObject commandObject() const override;

  private:
    QStringList seatList() const;
    QLineEdit* id_ = nullptr;
    QComboBox* class_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QRadioButton* byCount_ = nullptr;
    QSpinBox* count_ = nullptr;
    QLineEdit* seats_ = nullptr;
    QLabel* free_ = nullptr;
};

// Sell tickets: 1 to 5 passengers, with a seat preference or explicit seats.
class SellDialog : public SeatCountingDialog {
    Q_OBJECT

  public:
    SellDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QTableWidget* passengers() const { return passengers_; }

  protected:
    QString validate() const override;
    QJsonObject commandObject() const override;
    QString summarize(const QList<EventRecord>& events) const override;
    // A hold that would still run when the train leaves the boarding station.
    QString notice() const override;

  private:
    QStringList column(int c) const;
    void addPassenger();
    void refillPrefer();
    QLineEdit* id_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QComboBox* class_ = nullptr;
    QTableWidget* passengers_ = nullptr;
    QPushButton* add_ = nullptr;
    QPushButton* remove_ = nullptr;
    QComboBox* prefer_ = nullptr;
    QLabel* free_ = nullptr;
    QCheckBox* standing_ = nullptr;  // 无座: standing tickets instead of seats
};

// A waitlist order (候补订单): passengers, interval, options in preference order.
class WaitlistDialog : public OperatorDialog {
    Q_OBJECT

  public:
    WaitlistDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QTableWidget* passengers() const { return passengers_; }
    QTreeWidget* options() const { return options_; }
    // Adds an option row (as the Add button does); false when it is listed already.
    bool addOption(const QString& train, const QString& date, const QString& cls);

  protected:
    QString validate() const override;
    QJsonObject commandObject() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    void moveOption(int delta);
    void updateOptionButtons();
    QLineEdit* id_ = nullptr;
    QLineEdit* user_ = nullptr;
    QTableWidget* passengers_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QComboBox* run_ = nullptr;
    QComboBox* class_ = nullptr;
    QTreeWidget* options_ = nullptr;
    QPushButton* remove_ = nullptr;
    QPushButton* up_ = nullptr;
    QPushButton* down_ = nullptr;
    QCheckBox* hasDeadline_ = nullptr;
    QDateTimeEdit* deadline_ = nullptr;
    QCheckBox* acceptStanding_ = nullptr;  // 接受无座
    QCheckBox* newTrains_ = nullptr;       // 接受新增列车, within a window of departures
    QDateTimeEdit* newTrainsFrom_ = nullptr;
    QDateTimeEdit* newTrainsTo_ = nullptr;
};

// A command on one waitlist order chosen from a list (any id may be typed),
// with a line describing the chosen order.
class OrderCommandDialog : public OperatorDialog {
    Q_OBJECT

  protected:
    // `op`: the command ("prepay", "cancel"); `missing`: the message while no id is given.
    OrderCommandDialog(Session* session, OperatorContext context, QWidget* parent,
                       const QString& op, const QString& missing);
    // Adds the order chooser: `orders` in order, id -> description; `selected` is
    // preselected when listed (or always, with `typeSelected`).
    void addOrderChooser(const QList<QPair<QString, QString>>& orders, const QString& selected,
                         bool typeSelected, const QString& tooltip, const QString& detailsLabel,
                         const QString& unknown);
    QString validate() const override;
    QJsonObject commandObject() const override;

  private:
    QString op_;
    QString missing_;
    QComboBox* order_ = nullptr;
    QLabel* details_ = nullptr;
};

// Prepay a waitlist order: it becomes effective and joins its queues.
class PrepayDialog : public OrderCommandDialog {
    Q_OBJECT

  public:
    PrepayDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
};

// Cancel a waitlist order: it leaves every queue, its prepayment is refunded.
class CancelOrderDialog : public OrderCommandDialog {
    Q_OBJECT

  public:
    CancelOrderDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
};

// Move the logical clock forward, firing what is due.
class AdvanceClockDialog : public OperatorDialog {
    Q_OBJECT

  public:
    AdvanceClockDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QDateTimeEdit* target() const { return target_; }
    // The next departure of the shown run after the clock (invalid when none).
    QDateTime nextDeparture() const;

  protected:
    QString validate() const override;
    QJsonObject commandObject() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    QDateTimeEdit* target_ = nullptr;
};

}  // namespace houbu
