#include "houbu/dialogs/add_car_dialog.h"

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
#include "houbu/dialogs/seat_map_preview.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

AddCarDialog::AddCarDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"addCarDialog"_s);
    setWindowTitle(tr("Add car (加挂) — %1").arg(runName()));
    int next = 1;
    for (const CarView& c : snap().run.cars)
        next = std::max(next, c.number + 1);
    car_ = new QSpinBox(this);
    car_->setObjectName(u"car"_s);
    car_->setRange(1, 99);
    car_->setValue(std::min(next, 99));
    car_->setToolTip(tr("A car number not used on this run, 1 to 99"));
    // The class the operator points at: the chosen queue, else the selected
    // seat, else the class with the most passengers waiting.
    QString wanted = context_.queueClass;
    if (wanted.isEmpty())
        if (const SeatView* seat = seatByLabel(context_.seat)) wanted = qs(seat->travelClass);
    if (wanted.isEmpty()) {
        std::map<std::string, std::size_t> waiting;
        std::size_t most = 0;
        for (const QueuePtr& q : snap().queues)
            if ((waiting[q->travelClass] += static_cast<std::size_t>(q->passengers)) > most) {
                most = waiting[q->travelClass];
                wanted = qs(q->travelClass);
            }
    }
    class_ = classCombo(wanted);
    class_->setEditable(true);
    class_->setToolTip(tr("One of the run's classes, or a new one"));
    rows_ = new QSpinBox(this);
    rows_->setObjectName(u"rows"_s);
    rows_->setRange(1, 99);
    layout_ = new QLineEdit(this);
    layout_->setObjectName(u"layout"_s);
    layout_->setPlaceholderText(u"ABCDF"_s);
    layout_->setToolTip(
        tr("The seat letters of one row, A to Z, each once. A and F are windows, "
           "C and D along the aisle."));
    auto defaults = [this] {
        for (const CarView& c : snap().run.cars)
            if (qs(c.travelClass) == classOf(class_)) {
                rows_->setValue(c.rows);
                layout_->setText(qs(c.layout));
                return;
            }
    };
    rows_->setValue(17);
    layout_->setText(u"ABCDF"_s);
    defaults();
    form()->addRow(tr("Car &number:"), car_);
    form()->addRow(tr("&Class:"), class_);
    form()->addRow(tr("&Rows:"), rows_);
    form()->addRow(tr("&Layout:"), layout_);
    preview_ = new SeatMapPreview(this);
    contentLayout()->addWidget(preview_, 1);
    auto redraw = [this] {
        preview_->setCar(rows_->value(), layout_->text().trimmed().toUpper());
        revalidate();
    };
    connect(car_, &QSpinBox::valueChanged, this, &OperatorDialog::revalidate);
    connect(class_, &QComboBox::currentTextChanged, this, [this, defaults] {
        if (!layoutEdited_) defaults();
    });
    connect(rows_, &QSpinBox::valueChanged, this, redraw);
    connect(layout_, &QLineEdit::textEdited, this, [this] { layoutEdited_ = true; });
    connect(layout_, &QLineEdit::textChanged, this, redraw);
    preview_->setCar(rows_->value(), layout_->text());
    finish(tr("&Add car"));
}

void AddCarDialog::accept() {
    if (isSending() || isChecking() || !problem().isEmpty() || confirmation_) return;
    const QString cls = DisplayNames::travelClass(classOf(class_));
    const int seats = rows_->value() * int(layout_->text().trimmed().size());
    confirmation_ = new QMessageBox(
        QMessageBox::Question, tr("Add car %1?").arg(car_->value()),
        tr("Add car %1 (%2, %n seat(s)) to %3? An added car cannot be taken off again.", nullptr,
           seats)
            .arg(car_->value())
            .arg(cls, runName()),
        QMessageBox::Cancel, this);
    confirmation_->setObjectName(u"confirmAddCar"_s);
    QPushButton* add = confirmation_->addButton(tr("Add the car"), QMessageBox::AcceptRole);
    add->setObjectName(u"confirm"_s);
    // Return alone must not add it: the default answer is Cancel.
    confirmation_->setDefaultButton(QMessageBox::Cancel);
    confirmation_->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirmation_, &QMessageBox::finished, this, [this, add] {
        const bool yes = confirmation_ && confirmation_->clickedButton() == add;
        confirmation_.clear();
        if (yes) OperatorDialog::accept();
    });
    confirmation_->open();
}

QString AddCarDialog::validate() const {
    if (snap().run.train.empty()) return tr("No train is shown: open a scenario or a store first.");
    if (classOf(class_).isEmpty()) return tr("Enter the car's class, e.g. second.");
    if (layout_->text().trimmed().isEmpty())
        return tr("Enter the seat letters of one row, e.g. ABCDF.");
    return {};
}

Command AddCarDialog::buildCommand() const {
    Command c = startOnRun(Op::AddCar);
    c.cars.push_back(
        {car_->value(), field(classOf(class_)), rows_->value(), field(layout_->text().toUpper())});
    return c;
}

}  // namespace houbu
