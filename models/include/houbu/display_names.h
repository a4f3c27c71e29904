#pragma once
// The console's words for the engine's codes, in one place: event kinds,
// commands, release sources, travel classes, statuses, cancel reasons, error
// codes, and money. Every view, dialog and banner shows these names, never
// the wire's snake_case (translation context "houbu::DisplayNames").

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "houbu/command.h"
#include "houbu/error_sentences.h"
#include "houbu/views.h"

namespace houbu {

class DisplayNames {
    Q_DECLARE_TR_FUNCTIONS(houbu::DisplayNames)

  public:
    // Every code of each kind, as the wire spells it.
    static QStringList eventKinds();
    static QStringList ops();
    static QStringList releaseSources();
    // The class codes the console has words for (others are shown as given:
    // a run may name its classes in words already, e.g. 二等座).
    static QStringList travelClasses();
    static QStringList orderStatuses();
    static QStringList ticketStatuses();
    static QStringList cancelReasons();
    static QStringList queueLevels();  // few, medium, many (12306's 较少, 中等, 较多)
    // Every code above and every error code: what must never show raw.
    static QStringList allCodes();

    // A code in words; an unknown code is shown as it is.
    static QString eventKind(const QString& code);
    static QString op(const QString& code);
    // Why inventory came back: seat_released's `source`, ticket_refunded's `reason`.
    static QString releaseSource(const QString& code);
    // The same as a chart's series of released seats ("Refunds").
    static QString releaseSourceSeries(const std::string& code);
    static QString travelClass(const QString& code);
    static QString travelClass(const std::string& code);
    static QString orderStatus(const QString& code);
    // A ticket's status; also a seat map's `held` / `paid` / `block`.
    static QString ticketStatus(const QString& code);
    static QString cancelReason(const QString& code);
    static QString queueLevel(const QString& code);
    // Who holds a seat interval, as the grid's legend says it.
    static QString holder(HolderView::Kind kind);
    static QString error(ErrorCode code) { return errorSentence(code); }
    static QString error(const QString& code);

    // The engine's own message, shown after a refusal's sentence as the
    // detail it gives (which seat, which ticket), marked as the engine's
    // words: it is English, like the engine's logs.
    static QString engineDetail(const QString& message);
    // A match_considered / match_skipped reason in words (the engine's
    // English names a queue's class by its code); an unknown one as it is.
    static QString traceReason(const QString& reason);

    // Yuan with two decimals: "¥553.50".
    static QString money(double yuan);
    static QString moneyFen(qint64 fen);
};

}  // namespace houbu
