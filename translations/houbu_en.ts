<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>houbu::AddCarDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="120"/>
        <source>Add car %1 (%2, %n seat(s)) to %3? An added car cannot be taken off again.</source>
        <translation>
            <numerusform>Add car %1 (%2, %n seat) to %3? An added car cannot be taken off again.</numerusform>
            <numerusform>Add car %1 (%2, %n seats) to %3? An added car cannot be taken off again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::AdvanceClockDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="112"/>
        <source>Clock moved to %1: %n event(s) fired.</source>
        <translation>
            <numerusform>Clock moved to %1: %n event fired.</numerusform>
            <numerusform>Clock moved to %1: %n events fired.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::BlockDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/block_dialog.cpp" line="84"/>
        <source>%n seat(s) of this class free over the interval</source>
        <translation>
            <numerusform>%n seat of this class free over the interval</numerusform>
            <numerusform>%n seats of this class free over the interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/block_dialog.cpp" line="87"/>
        <source>%n standing place(s)</source>
        <translation>
            <numerusform>%n standing place</numerusform>
            <numerusform>%n standing places</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::ChartsPanel</name>
    <message numerus="yes">
        <location filename="../app/src/charts.cpp" line="291"/>
        <source>History of %1 after %n command(s).</source>
        <translation>
            <numerusform>History of %1 after %n command.</numerusform>
            <numerusform>History of %1 after %n commands.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/charts.cpp" line="354"/>
        <source>Probability of being served within %n minute(s)</source>
        <translation>
            <numerusform>Probability of being served within %n minute</numerusform>
            <numerusform>Probability of being served within %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/charts.cpp" line="406"/>
        <source>the first %n ranks</source>
        <translation>
            <numerusform>the first rank</numerusform>
            <numerusform>the first %n ranks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::DefineTrainDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="295"/>
        <source>%1 added (加开): offered to %n waiting order option(s)</source>
        <translation>
            <numerusform>%1 added (加开): offered to %n waiting order as an option</numerusform>
            <numerusform>%1 added (加开): offered to %n waiting orders as an option</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="296"/>
        <source>%n order(s) served from the waitlist.</source>
        <translation>
            <numerusform>%n order served from the waitlist.</numerusform>
            <numerusform>%n orders served from the waitlist.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::DisplayNames</name>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="19"/>
        <source>%n passenger(s)</source>
        <translation>
            <numerusform>%n passenger</numerusform>
            <numerusform>%n passengers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="23"/>
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>%n seat free</numerusform>
            <numerusform>%n seats free</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="84"/>
        <source>with %n seat change(s): %1</source>
        <translation>
            <numerusform>with one seat change: %1</numerusform>
            <numerusform>with %n seat changes: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="87"/>
        <source>seat(s) %1</source>
        <translation>
            <numerusform>seat %1</numerusform>
            <numerusform>seats %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="114"/>
        <source>no chain of at most %n seat change(s) seats %1</source>
        <translation>
            <numerusform>no chain of at most one seat change seats %1</numerusform>
            <numerusform>no chain of at most %n seat changes seats %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="117"/>
        <source>no chain of at most %n seat change(s): %1 has %2</source>
        <translation>
            <numerusform>no chain of at most one seat change: %1 has %2</numerusform>
            <numerusform>no chain of at most %n seat changes: %1 has %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::EventLogModel</name>
    <message numerus="yes">
        <location filename="../models/src/event_log_model.cpp" line="104"/>
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>%n seat free</numerusform>
            <numerusform>%n seats free</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::LogPager</name>
    <message numerus="yes">
        <location filename="../app/src/log_pager.cpp" line="92"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::MainWindow</name>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="834"/>
        <source>Standing tickets (无座): %n live</source>
        <translation>
            <numerusform>Standing tickets (无座): %n live</numerusform>
            <numerusform>Standing tickets (无座): %n live</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_log.cpp" line="68"/>
        <source>%n event(s) applied</source>
        <translation>
            <numerusform>%n event applied</numerusform>
            <numerusform>%n events applied</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="170"/>
        <source>%n change(s) of seat would serve it now (同车换座).</source>
        <translation>
            <numerusform>One change of seat would serve it now (同车换座).</numerusform>
            <numerusform>%n changes of seat would serve it now (同车换座).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="177"/>
        <source>It accepts only %n.</source>
        <translation>
            <numerusform>It accepts only %n.</numerusform>
            <numerusform>It accepts only %n.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="185"/>
        <source>%1 has %n seat(s) free.</source>
        <translation>
            <numerusform>%1 has %n seat free.</numerusform>
            <numerusform>%1 has %n seats free.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="205"/>
        <source>Needs %n seat(s) free over the whole interval</source>
        <translation>
            <numerusform>Needs %n seat free over the whole interval</numerusform>
            <numerusform>Needs %n seats free over the whole interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="206"/>
        <source>%n free.</source>
        <translation>
            <numerusform>%n free.</numerusform>
            <numerusform>%n free.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="211"/>
        <source>Accepts standing: %n standing place(s) free over the interval.</source>
        <translation>
            <numerusform>Accepts standing: %n standing place free over the interval.</numerusform>
            <numerusform>Accepts standing: %n standing places free over the interval.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="250"/>
        <source>… and %n more seat(s)</source>
        <translation>
            <numerusform>… and %n more seat</numerusform>
            <numerusform>… and %n more seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_forecasts.cpp" line="110"/>
        <source>Forecasting %1 of %n order(s)…</source>
        <translation>
            <numerusform>Forecasting %1 of %n order…</numerusform>
            <numerusform>Forecasting %1 of %n orders…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_remote.cpp" line="176"/>
        <source>%1: follower, %n row(s) behind, the last %2 ms after its commit</source>
        <translation>
            <numerusform>%1: follower, %n row behind, the last %2 ms after its commit</numerusform>
            <numerusform>%1: follower, %n rows behind, the last %2 ms after its commit</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::OperatorDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="275"/>
        <source>Preview: would serve %n order(s) (%1): %2.</source>
        <translation>
            <numerusform>Preview: would serve %n order (%1): %2.</numerusform>
            <numerusform>Preview: would serve %n orders (%1): %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="277"/>
        <source>%n passenger(s)</source>
        <translation>
            <numerusform>%n passenger</numerusform>
            <numerusform>%n passengers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::QueueModel</name>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="352"/>
        <location filename="../models/src/queue_model.cpp" line="163"/>
        <source>%n waiting</source>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/queue_model.cpp" line="166"/>
        <source>Queue %1 %2: %n order(s) in rank order</source>
        <translation>
            <numerusform>Queue %1 %2: %n order in rank order</numerusform>
            <numerusform>Queue %1 %2: %n orders in rank order</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/queue_model.cpp" line="168"/>
        <source>%n passenger(s) waiting</source>
        <translation>
            <numerusform>%n passenger waiting</numerusform>
            <numerusform>%n passengers waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/queue_model.cpp" line="301"/>
        <source>How likely each order is to be served within %n minute(s) (or before it expires, if sooner), as the engine forecasts it: for every order of the run at once, and again on its own for the orders in view. Click to sort.</source>
        <translation>
            <numerusform>How likely each order is to be served within %n minute (or before it expires, if sooner), as the engine forecasts it: for every order of the run at once, and again on its own for the orders in view. Click to sort.</numerusform>
            <numerusform>How likely each order is to be served within %n minutes (or before it expires, if sooner), as the engine forecasts it: for every order of the run at once, and again on its own for the orders in view. Click to sort.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::ReleaseDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/release_dialog.cpp" line="116"/>
        <source>%1 · %2 · %3→%4 · %n seat(s)</source>
        <translation>
            <numerusform>%1 · %2 · %3→%4 · %n seat</numerusform>
            <numerusform>%1 · %2 · %3→%4 · %n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/release_dialog.cpp" line="199"/>
        <source>Released %n seat interval(s).</source>
        <translation>
            <numerusform>Released %n seat interval.</numerusform>
            <numerusform>Released %n seat intervals.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/release_dialog.cpp" line="200"/>
        <source>%n waitlist order(s) served.</source>
        <translation>
            <numerusform>%n waitlist order served.</numerusform>
            <numerusform>%n waitlist orders served.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::SeatGridModel</name>
    <message numerus="yes">
        <location filename="../models/src/seat_grid_model.cpp" line="120"/>
        <source>Changes seat (同车换座), %n change(s):</source>
        <translation>
            <numerusform>Changes seat (同车换座), %n change:</numerusform>
            <numerusform>Changes seat (同车换座), %n changes:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::SeatMapExport</name>
    <message numerus="yes">
        <location filename="../app/src/seat_map_export.cpp" line="210"/>
        <source>Clock %1 · %n seat(s) · made %2</source>
        <translation>
            <numerusform>Clock %1 · %n seat · made %2</numerusform>
            <numerusform>Clock %1 · %n seats · made %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::SellDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="82"/>
        <source>%n seat(s) of this class free over the interval</source>
        <translation>
            <numerusform>%n seat of this class free over the interval</numerusform>
            <numerusform>%n seats of this class free over the interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="216"/>
        <source>Sale %1: %n ticket(s) held (%2), payable until %3.</source>
        <translation>
            <numerusform>Sale %1: %n ticket held (%2), payable until %3.</numerusform>
            <numerusform>Sale %1: %n tickets held (%2), payable until %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::StepPanel</name>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="154"/>
        <source>%1 served with %n seat change(s) on %2 (%3 %4): %5</source>
        <translation>
            <numerusform>%1 served with one seat change on %2 (%3 %4): %5</numerusform>
            <numerusform>%1 served with %n seat changes on %2 (%3 %4): %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="168"/>
        <source>%1 skipped: only %n seat(s) free on %2 (%3)</source>
        <translation>
            <numerusform>%1 skipped: only %n seat free on %2 (%3)</numerusform>
            <numerusform>%1 skipped: only %n seats free on %2 (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="207"/>
        <source>%n more command(s) waiting</source>
        <translation>
            <numerusform>%n more command waiting</numerusform>
            <numerusform>%n more commands waiting</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::WaitlistCapDialog</name>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="89"/>
        <source>Preview: no cap; any number may queue (%n passenger(s) queued now).</source>
        <translation>
            <numerusform>Preview: no cap; any number may queue (%n passenger queued now).</numerusform>
            <numerusform>Preview: no cap; any number may queue (%n passengers queued now).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="93"/>
        <source>Preview: closes the class to the waitlist: new orders and prepayments naming it are refused (候补人数已满); the %n passenger(s) queued stay.</source>
        <translation>
            <numerusform>Preview: closes the class to the waitlist: new orders and prepayments naming it are refused (候补人数已满); the %n passenger queued stays.</numerusform>
            <numerusform>Preview: closes the class to the waitlist: new orders and prepayments naming it are refused (候补人数已满); the %n passengers queued stay.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="98"/>
        <source>Preview: %n passenger(s) queued, at or over the cap of %1: new orders naming the class are refused (候补人数已满) until fewer are queued; no one queued leaves.</source>
        <translation>
            <numerusform>Preview: %n passenger queued, at or over the cap of %1: new orders naming the class are refused (候补人数已满) until fewer are queued; no one queued leaves.</numerusform>
            <numerusform>Preview: %n passengers queued, at or over the cap of %1: new orders naming the class are refused (候补人数已满) until fewer are queued; no one queued leaves.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="103"/>
        <source>Preview: room for %n more passenger(s) (%1 queued, cap %2); orders beyond it are refused (候补人数已满).</source>
        <translation>
            <numerusform>Preview: room for %n more passenger (%1 queued, cap %2); orders beyond it are refused (候补人数已满).</numerusform>
            <numerusform>Preview: room for %n more passengers (%1 queued, cap %2); orders beyond it are refused (候补人数已满).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::WaitlistCaps</name>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="10"/>
        <source>%1: %n passenger(s) queued, no cap</source>
        <translation>
            <numerusform>%1: %n passenger queued, no cap</numerusform>
            <numerusform>%1: %n passengers queued, no cap</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="12"/>
        <source>%1: closed to the waitlist (cap 0), %n passenger(s) still queued — 候补人数已满</source>
        <translation>
            <numerusform>%1: closed to the waitlist (cap 0), %n passenger still queued — 候补人数已满</numerusform>
            <numerusform>%1: closed to the waitlist (cap 0), %n passengers still queued — 候补人数已满</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="16"/>
        <source>%1: %n passenger(s) queued, cap %2 — 候补人数已满</source>
        <translation>
            <numerusform>%1: %n passenger queued, cap %2 — 候补人数已满</numerusform>
            <numerusform>%1: %n passengers queued, cap %2 — 候补人数已满</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="19"/>
        <source>%1: %n passenger(s) queued, cap %2</source>
        <translation>
            <numerusform>%1: %n passenger queued, cap %2</numerusform>
            <numerusform>%1: %n passengers queued, cap %2</numerusform>
        </translation>
    </message>
</context>
</TS>
