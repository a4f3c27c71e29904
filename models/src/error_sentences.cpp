#include "houbu/error_sentences.h"

#include <QCoreApplication>

namespace houbu {

QString errorSentence(ErrorCode code) {
    // lupdate reads the literals at each call of translate(): keep them inline.
    switch (code) {
        case ErrorCode::BadCommand:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The command is not valid: a field is missing, malformed or out of range.");
        case ErrorCode::TimeWentBack:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The command's time is before the engine's clock, which only moves forward.");
        case ErrorCode::IdConflict:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "This id is already used by a different command: choose another id.");
        case ErrorCode::UnknownTrain:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no such train run on that date.");
        case ErrorCode::UnknownStation:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "The train does not stop at that station.");
        case ErrorCode::UnknownClass:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "The train has no car of that class.");
        case ErrorCode::UnknownSeat:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no such seat on this train.");
        case ErrorCode::UnknownSale:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no sale with that id.");
        case ErrorCode::UnknownTicket:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no ticket with that id.");
        case ErrorCode::UnknownOrder:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no waitlist order with that id.");
        case ErrorCode::UnknownBlock:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no quota block with that id.");
        case ErrorCode::BadInterval:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The boarding station must come before the alighting station.");
        case ErrorCode::TrainExists:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "This train run is defined already.");
        case ErrorCode::CarExists:
            return QCoreApplication::translate(
                "houbu::ErrorSentence", "A car with this number already runs on this train.");
        case ErrorCode::WrongClass:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "A chosen seat belongs to another class.");
        case ErrorCode::SeatTaken:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "A chosen seat is taken on part of the interval.");
        case ErrorCode::SoldOut:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "Not enough seats are free over the interval: a waitlist order can wait for "
                "one.");
        case ErrorCode::PassengerConflict:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "A passenger is named twice, or already travels at an overlapping time.");
        case ErrorCode::SaleExpired:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "The sale was not paid in time: its hold expired.");
        case ErrorCode::NotPayable:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The sale has nothing to pay: it was refunded before payment.");
        case ErrorCode::NotRefundable:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "There is no live ticket to refund or reschedule.");
        case ErrorCode::NotPaid:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "Only a paid ticket can be rescheduled: pay or refund it first.");
        case ErrorCode::PartialTicket:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "A ticket on this seat reaches beyond the interval: release its whole interval.");
        case ErrorCode::PartialBlock:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "A quota block on this seat reaches beyond the "
                                               "interval: release its whole interval.");
        case ErrorCode::NothingToRelease:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "Nothing holds this seat over the interval.");
        case ErrorCode::DeadlinePassed:
            return QCoreApplication::translate("houbu::ErrorSentence",
                                               "The order's deadline is not after the clock.");
        case ErrorCode::Departed:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "Every option's train has already left the boarding station.");
        case ErrorCode::OrderClosed:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The order is closed: it was cancelled, served or has expired.");
        case ErrorCode::TooManyOrders:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The user already has as many open waitlist orders as the rules allow.");
        case ErrorCode::WaitlistFull:
            return QCoreApplication::translate(
                "houbu::ErrorSentence",
                "The waitlist of this class is full or closed (its cap is reached).");
    }
    return QCoreApplication::translate("houbu::ErrorSentence", "The engine refused the command.");
}

}  // namespace houbu
