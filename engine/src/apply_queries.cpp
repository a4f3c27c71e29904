// Apply: the queries (position, availability, seatmap), answered by QueryAnswers.

#include "apply.h"

#include "query_answers.h"

namespace houbu {

// The queries: answers built by QueryAnswers, the same for answerQuery.
void Apply::position(const Verdict& v) {
    Event e = c.make(EventKind::Position);
    QueryAnswers(s).position(v, cmd.id, e);
    c.emit(e);
}

void Apply::availability(const Verdict& v) {
    Event e = c.make(EventKind::Availability);
    QueryAnswers(s).availability(v, e);
    c.emit(e);
}

void Apply::seatmap(const Verdict& v) {
    Event e = c.make(EventKind::Seatmap);
    QueryAnswers(s).seatmap(v, e);
    c.emit(e);
}

void Apply::forecast(const Verdict& v) {
    Event e = c.make(EventKind::Forecast);
    QueryAnswers(s).forecast(v, cmd, e);
    c.emit(e);
}

}  // namespace houbu
