#include "houbu/command.h"

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
    }
    return "?";
}

}  // namespace houbu
