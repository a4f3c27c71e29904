#pragma once
// The Houbu command/event format (commands.md) <-> engine commands and events.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <optional>

#include "houbu/command.h"
#include "houbu/engine.h"
#include "houbu/event.h"

namespace houbu {

struct ParsedLine {
    bool skip = false;  // blank line or `#` comment
    std::optional<Command> command;
    QString error;  // when neither skip nor command: what is wrong, naming the field
};

// Parses one line of JSON Lines input into a command: with simdjson, or with
// Qt's parser for lines simdjson declines (invalid JSON, lone surrogates,
// repeated or non-ASCII keys), so that every message is the same either way.
ParsedLine parseCommandLine(QByteArrayView line);

// The same with Qt's parser alone: the reference the fast path is tested against.
ParsedLine parseCommandLineWithQt(QByteArrayView line);

// One event as a compact JSON object (no trailing newline). Keys appear as in
// commands.md: seq, at, event, line, then the event's own fields.
QByteArray encodeEvent(const Event& event);
// The same, appended to `out` (no buffer of its own per event).
void appendEvent(const Event& event, QByteArray& out);

// One event line (as appendEvent writes it) back into a typed event: for
// events that arrive as text (a remote engine, a store's history). False with
// `error` naming what is wrong when the line is not such an event.
bool decodeEvent(QByteArrayView line, Event& out, QString* error = nullptr);

// Money in fen as a JSON number of yuan: 1234 -> 12.34, 1200 -> 12.
QByteArray formatYuan(std::int64_t fen);

// Engine plus codec: feed lines, collect JSON Lines.
class Runner : private EventSink {
  public:
    explicit Runner(EngineOptions options = {});

    // Processes input line number `lineNumber` (1-based) and appends one
    // '\n'-terminated JSON object per resulting event to `out`.
    void processLine(QByteArrayView line, int lineNumber, QByteArray& out);
    // The same for a line parsed already (by parseCommandLine, on another thread).
    void processParsed(const ParsedLine& parsed, int lineNumber, QByteArray& out);
    // The same, giving the events to `sink` as they are (to be encoded elsewhere).
    void processParsed(const ParsedLine& parsed, int lineNumber, EventSink& sink);

    Engine& engine() { return engine_; }

  private:
    void onEvent(const Event& event) override;

    Engine engine_;
    QByteArray* out_ = nullptr;
};

}  // namespace houbu
