#pragma once
// The console's words for the engine's error codes: what the operator reads
// when the engine refuses (or would refuse) a command.

#include <QString>

#include "houbu/command.h"

namespace houbu {

// One translated sentence per ErrorCode, saying what is wrong in the
// operator's terms (context "houbu::ErrorSentence").
QString errorSentence(ErrorCode code);

}  // namespace houbu
