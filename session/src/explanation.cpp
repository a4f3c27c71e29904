#include "houbu/explanation.h"

#include <QCoreApplication>

#include "houbu/codec.h"

namespace houbu {

namespace {

class Discard : public EventSink {
  public:
    void onEvent(const Event&) override {}
};

}  // namespace

std::shared_ptr<EventExplanation> explainDecision(Engine& before, const QByteArray& command,
                                                  int line, const std::string& order,
                                                  QString& error) {
    const ParsedLine parsed = parseCommandLine(command);
    if (!parsed.command) {
        error = QCoreApplication::translate("houbu::EventExplanation",
                                            "Line %1 is not a command the engine applied.")
                    .arg(line);
        return nullptr;
    }
    auto result = std::make_shared<EventExplanation>();
    result->line = line;
    result->command = command;
    result->order = QString::fromStdString(order);
    // Traced, so that orders passed over are decisions too and every
    // decision carries its reason; the events themselves are not needed.
    Discard discard;
    before.setTraceSink(&discard);
    std::unique_ptr<StepRun> run = before.applyStepwise(*parsed.command, line, discard);
    std::vector<StepDecision> decisions;
    std::shared_ptr<EventExplanation> passedOver;  // the first time it was passed over
    auto capture = [&](EventExplanation& into, const StepDecision& d) {
        into.decided = true;
        into.decision = d;
        into.pass = run->pass();
        into.candidates = run->candidates();
        into.earlier = decisions;
        std::string train = d.train, date = d.date;
        if (train.empty()) {
            train = into.pass.train;
            date = into.pass.date;
        }
        before.run(train, date, into.run);
        into.seats = before.seats(train, date);
    };
    while (!run->done()) {
        const StepDecision d = run->pending();
        if (d.order == order) {
            if (d.kind != StepDecision::Kind::Skip) {
                capture(*result, d);
                break;
            }
            if (!passedOver) {
                passedOver = std::make_shared<EventExplanation>(*result);
                capture(*passedOver, d);
            }
        }
        decisions.push_back(d);
        run->step();
    }
    // Finished before the sink goes: the engine is a scratch copy, dropped by the caller.
    run.reset();
    before.setTraceSink(nullptr);
    if (!result->decided && passedOver) return passedOver;
    return result;
}

}  // namespace houbu
