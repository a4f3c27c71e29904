#include "houbu/dialogs/interval_picker.h"

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

IntervalPicker::IntervalPicker(const QStringList& stations, QWidget* parent)
    : QWidget(parent), stations_(stations) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    from_ = new QComboBox(this);
    from_->setObjectName(u"from"_s);
    from_->setToolTip(tr("Boarding station"));
    to_ = new QComboBox(this);
    to_->setObjectName(u"to"_s);
    to_->setToolTip(tr("Alighting station: only stations after the boarding one"));
    for (int i = 0; i + 1 < stations.size(); ++i)
        from_->addItem(stations[i], i);
    layout->addWidget(from_, 1);
    layout->addWidget(new QLabel(u"→"_s, this));
    layout->addWidget(to_, 1);
    setFocusProxy(from_);
    refillTo(int(stations.size()) - 1);
    connect(from_, &QComboBox::currentIndexChanged, this, [this] {
        refillTo(to());
        emit changed();
    });
    connect(to_, &QComboBox::currentIndexChanged, this, &IntervalPicker::changed);
}

int IntervalPicker::from() const {
    return from_->currentIndex() < 0 ? -1 : from_->currentData().toInt();
}

int IntervalPicker::to() const {
    return to_->currentIndex() < 0 ? -1 : to_->currentData().toInt();
}

QString IntervalPicker::fromStation() const {
    return stations_.value(from());
}

QString IntervalPicker::toStation() const {
    return stations_.value(to());
}

void IntervalPicker::setInterval(int from, int to) {
    const int a = from_->findData(from);
    if (a >= 0) from_->setCurrentIndex(a);
    const int b = to_->findData(to);
    if (b >= 0) to_->setCurrentIndex(b);
}

void IntervalPicker::refillTo(int keep) {
    const QSignalBlocker blocker(to_);
    to_->clear();
    for (int i = std::max(0, from()) + 1; i < stations_.size(); ++i)
        to_->addItem(stations_[i], i);
    const int index = to_->findData(keep);
    to_->setCurrentIndex(index >= 0 ? index : to_->count() - 1);
}

}  // namespace houbu
