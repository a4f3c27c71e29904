#include "houbu/command.h"
#include "houbu/event.h"

namespace houbu {

const char* opName(Op op) {
    switch (op) {
        case Op::Train:
            return "train";
        case Op::AddCar:
            return "add_car";
        case Op::Sell:
            return "sell";
        case Op::Pay:
            return "pay";
        case Op::Refund:
            return "refund";
        case Op::Reschedule:
            return "reschedule";
        case Op::Block:
            return "block";
        case Op::Release:
            return "release";
        case Op::Waitlist:
            return "waitlist";
        case Op::Prepay:
            return "prepay";
        case Op::Cancel:
            return "cancel";
        case Op::Advance:
            return "advance";
        case Op::Position:
            return "position";
        case Op::Availability:
            return "availability";
        case Op::Seatmap:
            return "seatmap";
        case Op::Configure:
            return "configure";
        case Op::WaitlistCap:
            return "waitlist_cap";
        case Op::Forecast:
            return "forecast";
    }
    return "?";
}

const char* errorCodeName(ErrorCode code) {
    switch (code) {
        case ErrorCode::BadCommand:
            return "bad_command";
        case ErrorCode::TimeWentBack:
            return "time_went_back";
        case ErrorCode::IdConflict:
            return "id_conflict";
        case ErrorCode::UnknownTrain:
            return "unknown_train";
        case ErrorCode::UnknownStation:
            return "unknown_station";
        case ErrorCode::UnknownClass:
            return "unknown_class";
        case ErrorCode::UnknownSeat:
            return "unknown_seat";
        case ErrorCode::UnknownSale:
            return "unknown_sale";
        case ErrorCode::UnknownTicket:
            return "unknown_ticket";
        case ErrorCode::UnknownOrder:
            return "unknown_order";
        case ErrorCode::UnknownBlock:
            return "unknown_block";
        case ErrorCode::BadInterval:
            return "bad_interval";
        case ErrorCode::TrainExists:
            return "train_exists";
        case ErrorCode::CarExists:
            return "car_exists";
        case ErrorCode::WrongClass:
            return "wrong_class";
        case ErrorCode::SeatTaken:
            return "seat_taken";
        case ErrorCode::SoldOut:
            return "sold_out";
        case ErrorCode::PassengerConflict:
            return "passenger_conflict";
        case ErrorCode::SaleExpired:
            return "sale_expired";
        case ErrorCode::NotPayable:
            return "not_payable";
        case ErrorCode::NotRefundable:
            return "not_refundable";
        case ErrorCode::NotPaid:
            return "not_paid";
        case ErrorCode::PartialTicket:
            return "partial_ticket";
        case ErrorCode::PartialBlock:
            return "partial_block";
        case ErrorCode::NothingToRelease:
            return "nothing_to_release";
        case ErrorCode::DeadlinePassed:
            return "deadline_passed";
        case ErrorCode::Departed:
            return "departed";
        case ErrorCode::OrderClosed:
            return "order_closed";
        case ErrorCode::TooManyOrders:
            return "too_many_orders";
        case ErrorCode::WaitlistFull:
            return "waitlist_full";
    }
    return "?";
}

std::optional<ErrorCode> errorCodeFromName(std::string_view name) {
    for (ErrorCode code : kErrorCodes)
        if (name == errorCodeName(code)) return code;
    return std::nullopt;
}

const char* eventName(EventKind kind) {
    switch (kind) {
        case EventKind::TrainDefined:
            return "train_defined";
        case EventKind::CarAdded:
            return "car_added";
        case EventKind::TicketHeld:
            return "ticket_held";
        case EventKind::TicketPaid:
            return "ticket_paid";
        case EventKind::TicketRefunded:
            return "ticket_refunded";
        case EventKind::HoldExpired:
            return "hold_expired";
        case EventKind::SeatReleased:
            return "seat_released";
        case EventKind::BlockCreated:
            return "block_created";
        case EventKind::BlockReleased:
            return "block_released";
        case EventKind::WaitlistSubmitted:
            return "waitlist_submitted";
        case EventKind::WaitlistEffective:
            return "waitlist_effective";
        case EventKind::WaitlistFulfilled:
            return "waitlist_fulfilled";
        case EventKind::WaitlistCancelled:
            return "waitlist_cancelled";
        case EventKind::WaitlistExpired:
            return "waitlist_expired";
        case EventKind::Position:
            return "position";
        case EventKind::Availability:
            return "availability";
        case EventKind::Seatmap:
            return "seatmap";
        case EventKind::Duplicate:
            return "duplicate";
        case EventKind::Error:
            return "error";
        case EventKind::MatchConsidered:
            return "match_considered";
        case EventKind::MatchSkipped:
            return "match_skipped";
        case EventKind::OptionAdded:
            return "option_added";
        case EventKind::WaitlistFailed:
            return "waitlist_failed";
        case EventKind::Configured:
            return "configured";
        case EventKind::WaitlistCapped:
            return "waitlist_capped";
        case EventKind::Forecast:
            return "forecast";
    }
    return "";
}

}  // namespace houbu
