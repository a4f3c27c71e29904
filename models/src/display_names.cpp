#include "houbu/display_names.h"

#include "houbu/event.h"

namespace houbu {

using namespace Qt::StringLiterals;

QStringList DisplayNames::eventKinds() {
    QStringList out;
    for (int k = 0; k <= int(kLastEventKind); ++k)
        out << QString::fromLatin1(eventName(EventKind(k)));
    return out;
}

QStringList DisplayNames::ops() {
    return {u"train"_s,      u"add_car"_s,      u"sell"_s,     u"pay"_s,          u"refund"_s,
            u"reschedule"_s, u"block"_s,        u"release"_s,  u"waitlist"_s,     u"prepay"_s,
            u"cancel"_s,     u"advance"_s,      u"position"_s, u"availability"_s, u"seatmap"_s,
            u"configure"_s,  u"waitlist_cap"_s, u"forecast"_s};
}

QStringList DisplayNames::releaseSources() {
    return {u"refund"_s, u"timeout"_s, u"reschedule"_s, u"quota"_s, u"extra_car"_s};
}

QStringList DisplayNames::travelClasses() {
    return {u"business"_s, u"first"_s, u"second"_s};
}

QStringList DisplayNames::orderStatuses() {
    return {u"awaiting_prepay"_s, u"queued"_s,  u"fulfilled"_s,
            u"cancelled"_s,       u"expired"_s, u"failed"_s};
}

QStringList DisplayNames::ticketStatuses() {
    return {u"held"_s, u"paid"_s, u"refunded"_s, u"expired"_s, u"block"_s};
}

QStringList DisplayNames::cancelReasons() {
    return {u"user"_s, u"prepay_timeout"_s};
}

QStringList DisplayNames::queueLevels() {
    return {u"few"_s, u"medium"_s, u"many"_s};
}

QString DisplayNames::eventKind(const QString& code) {
    if (code == u"train_defined"_s) return tr("Train defined");
    if (code == u"car_added"_s) return tr("Car added");
    if (code == u"ticket_held"_s) return tr("Ticket held");
    if (code == u"ticket_paid"_s) return tr("Ticket paid");
    if (code == u"ticket_refunded"_s) return tr("Ticket refunded");
    if (code == u"hold_expired"_s) return tr("Hold expired");
    if (code == u"seat_released"_s) return tr("Seat released");
    if (code == u"block_created"_s) return tr("Block created");
    if (code == u"block_released"_s) return tr("Block released");
    if (code == u"waitlist_submitted"_s) return tr("Order submitted");
    if (code == u"waitlist_effective"_s) return tr("Order effective");
    if (code == u"waitlist_fulfilled"_s) return tr("Order served");
    if (code == u"waitlist_cancelled"_s) return tr("Order cancelled");
    if (code == u"waitlist_expired"_s) return tr("Order expired");
    if (code == u"position"_s) return tr("Queue position");
    if (code == u"availability"_s) return tr("Availability");
    if (code == u"seatmap"_s) return tr("Seat map");
    if (code == u"duplicate"_s) return tr("Done already");
    if (code == u"error"_s) return tr("Refused");
    if (code == u"match_considered"_s) return tr("Match considered");
    if (code == u"match_skipped"_s) return tr("Match skipped");
    if (code == u"option_added"_s) return tr("Added train offered");
    if (code == u"waitlist_failed"_s) return tr("Order failed");
    if (code == u"configured"_s) return tr("Waitlist rules set");
    if (code == u"waitlist_capped"_s) return tr("Waitlist cap set");
    if (code == u"forecast"_s) return tr("Forecast");
    return code;
}

QString DisplayNames::op(const QString& code) {
    if (code == u"train"_s) return tr("Define train");
    if (code == u"add_car"_s) return tr("Add car");
    if (code == u"sell"_s) return tr("Sell");
    if (code == u"pay"_s) return tr("Pay");
    if (code == u"refund"_s) return tr("Refund");
    if (code == u"reschedule"_s) return tr("Reschedule");
    if (code == u"block"_s) return tr("Block quota");
    if (code == u"release"_s) return tr("Release");
    if (code == u"waitlist"_s) return tr("Waitlist order");
    if (code == u"prepay"_s) return tr("Prepay");
    if (code == u"cancel"_s) return tr("Cancel order");
    if (code == u"advance"_s) return tr("Advance clock");
    if (code == u"position"_s) return tr("Queue position");
    if (code == u"availability"_s) return tr("Availability");
    if (code == u"seatmap"_s) return tr("Seat map");
    if (code == u"configure"_s) return tr("Set waitlist rules");
    if (code == u"waitlist_cap"_s) return tr("Cap waitlist");
    if (code == u"forecast"_s) return tr("Forecast");
    return code;
}

QString DisplayNames::releaseSource(const QString& code) {
    if (code == u"refund"_s) return tr("refund");
    if (code == u"timeout"_s) return tr("payment timeout");
    if (code == u"reschedule"_s) return tr("reschedule");
    if (code == u"quota"_s) return tr("quota returned");
    if (code == u"extra_car"_s) return tr("added car");
    return code;
}

QString DisplayNames::releaseSourceSeries(const std::string& code) {
    if (code == "refund") return tr("Refunds");
    if (code == "timeout") return tr("Holds timed out");
    if (code == "reschedule") return tr("Reschedules");
    if (code == "quota") return tr("Quota released");
    if (code == "extra_car") return tr("Added cars");
    return QString::fromStdString(code);
}

QString DisplayNames::travelClass(const QString& code) {
    if (code == u"business"_s) return tr("Business class");
    if (code == u"first"_s) return tr("First class");
    if (code == u"second"_s) return tr("Second class");
    return code;
}

QString DisplayNames::travelClass(const std::string& code) {
    return travelClass(QString::fromStdString(code));
}

QString DisplayNames::orderStatus(const QString& code) {
    if (code == u"awaiting_prepay"_s) return tr("awaiting prepayment");
    if (code == u"queued"_s) return tr("queued");
    if (code == u"fulfilled"_s) return tr("served");
    if (code == u"cancelled"_s) return tr("cancelled");
    if (code == u"expired"_s) return tr("expired");
    if (code == u"failed"_s) return tr("failed: passenger conflict");
    return code;
}

QString DisplayNames::ticketStatus(const QString& code) {
    if (code == u"held"_s) return tr("held");
    if (code == u"paid"_s) return tr("paid");
    if (code == u"refunded"_s) return tr("refunded");
    if (code == u"expired"_s) return tr("hold expired");
    if (code == u"block"_s) return tr("quota block");
    return code;
}

QString DisplayNames::cancelReason(const QString& code) {
    if (code == u"user"_s) return tr("cancelled by the user");
    if (code == u"prepay_timeout"_s) return tr("not prepaid in time");
    return code;
}

QString DisplayNames::queueLevel(const QString& code) {
    if (code == u"few"_s) return tr("few ahead");
    if (code == u"medium"_s) return tr("some ahead");
    if (code == u"many"_s) return tr("many ahead");
    return code;
}

QString DisplayNames::holder(HolderView::Kind kind) {
    switch (kind) {
        case HolderView::Kind::Held:
            return tr("held");
        case HolderView::Kind::Paid:
            return tr("paid");
        case HolderView::Kind::Served:
            return tr("served");
        case HolderView::Kind::Block:
            return tr("quota block");
    }
    return {};
}

QString DisplayNames::error(const QString& code) {
    const std::optional<ErrorCode> known = errorCodeFromName(code.toStdString());
    return known ? errorSentence(*known) : code;
}

QString DisplayNames::engineDetail(const QString& message) {
    return message.isEmpty() ? QString() : tr("(the engine: %1)").arg(message);
}

QString DisplayNames::money(double yuan) {
    return tr("¥%1").arg(yuan, 0, 'f', 2);
}

QString DisplayNames::moneyFen(qint64 fen) {
    return money(double(fen) / 100.0);
}

QStringList DisplayNames::allCodes() {
    QStringList codes = eventKinds() + ops() + releaseSources() + travelClasses() +
                        orderStatuses() + ticketStatuses() + cancelReasons() + queueLevels();
    for (ErrorCode code : kErrorCodes)
        codes << QString::fromLatin1(errorCodeName(code));
    codes.removeDuplicates();
    return codes;
}

}  // namespace houbu
