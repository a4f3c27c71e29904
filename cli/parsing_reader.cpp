#include "parsing_reader.h"

#include <pthread.h>

namespace houbu::cli {

ParsingReader::ParsingReader(LineSource& source, int batchSize)
    : source_(source), batchSize_(batchSize), thread_([this] { produce(); }) {}

ParsingReader::~ParsingReader() {
    queue_.close();
    thread_.join();
}

void ParsingReader::produce() {
    pthread_setname_np(pthread_self(), "houbu-parse");
    QList<InputLine> lines;
    std::vector<ParsedInput> batch;
    while (source_.next(lines, batchSize_)) {
        // A batch given back still holds its commands: freeing them is work
        // the engine's thread need not do.
        batch.clear();
        for (const InputLine& line : lines) {
            ParsedLine parsed = parseCommandLine(line.text);
            if (!parsed.skip) batch.push_back({std::move(parsed), line.number, line.text});
        }
        if (!queue_.push(batch)) return;
    }
    queue_.close();
}

bool ParsingReader::next(std::vector<ParsedInput>& batch) {
    return queue_.pop(batch);
}

}  // namespace houbu::cli
