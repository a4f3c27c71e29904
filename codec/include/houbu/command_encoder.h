#pragma once
// A typed command at the edges: the console builds `Command`s, and only the
// journal and the network see them as JSON (commands.md).

#include <QByteArray>
#include <QJsonObject>

#include "houbu/codec.h"
#include "houbu/command.h"

namespace houbu {

// The command as one JSON object of the format, each field as the format
// writes it and the optional ones only when given: what a person would write.
// It is not checked here; an empty or out-of-range field is written as it is,
// for the reader to name.
QJsonObject commandObject(const Command& command);

// The same as one compact line (no newline).
QByteArray encodeCommand(const Command& command);

// A typed command made ready to be applied and journaled: encoded once for the
// journal, and read back from the encoded object by the reader that replays
// the journal (every field's check, the fingerprint), without printing and
// parsing text in between. What is applied is therefore exactly what a replay
// of the journal applies; a field the reader refuses leaves `parsed` with the
// reader's message, as the line would.
struct JournalCommand {
    QByteArray line;
    ParsedLine parsed;
};
JournalCommand prepareCommand(const Command& command);

// Only the reading of prepareCommand, for a command that is not journaled (a precheck).
ParsedLine readAsJournaled(const Command& command);

}  // namespace houbu
