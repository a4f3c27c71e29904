<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>houbu::AddCarDialog</name>
    <message numerus="yes">
        <location filename="../app/src/operator_dialogs.cpp" line="840"/>
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
        <location filename="../app/src/operator_dialogs.cpp" line="1533"/>
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
        <location filename="../app/src/operator_dialogs.cpp" line="938"/>
        <source>%n seat(s) of this class free over the interval</source>
        <translation>
            <numerusform>%n seat of this class free over the interval</numerusform>
            <numerusform>%n seats of this class free over the interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/operator_dialogs.cpp" line="941"/>
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
        <location filename="../app/src/charts.cpp" line="274"/>
        <source>History of %1 after %n command(s).</source>
        <translation>
            <numerusform>History of %1 after %n command.</numerusform>
            <numerusform>History of %1 after %n commands.</numerusform>
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
        <location filename="../models/src/trace_reasons.cpp" line="55"/>
        <source>seat(s) %1</source>
        <translation>
            <numerusform>seat %1</numerusform>
            <numerusform>seats %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::EventLogModel</name>
    <message numerus="yes">
        <location filename="../models/src/models.cpp" line="750"/>
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>%n seat free</numerusform>
            <numerusform>%n seats free</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::MainWindow</name>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="866"/>
        <source>%n event(s) applied</source>
        <translation>
            <numerusform>%n event applied</numerusform>
            <numerusform>%n events applied</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="992"/>
        <source>Needs %n seat(s) free over the whole interval</source>
        <translation>
            <numerusform>Needs %n seat free over the whole interval</numerusform>
            <numerusform>Needs %n seats free over the whole interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="993"/>
        <source>%n free.</source>
        <translation>
            <numerusform>%n free.</numerusform>
            <numerusform>%n free.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="998"/>
        <source>Accepts standing: %n standing place(s) free over the interval.</source>
        <translation>
            <numerusform>Accepts standing: %n standing place free over the interval.</numerusform>
            <numerusform>Accepts standing: %n standing places free over the interval.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="1035"/>
        <source>… and %n more seat(s)</source>
        <translation>
            <numerusform>… and %n more seat</numerusform>
            <numerusform>… and %n more seats</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::QueueModel</name>
    <message numerus="yes">
        <location filename="../models/src/models.cpp" line="468"/>
        <source>%n waiting</source>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/models.cpp" line="471"/>
        <source>Queue %1 %2: %n order(s) in rank order</source>
        <translation>
            <numerusform>Queue %1 %2: %n order in rank order</numerusform>
            <numerusform>Queue %1 %2: %n orders in rank order</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::ReleaseDialog</name>
    <message numerus="yes">
        <location filename="../app/src/operator_dialogs.cpp" line="672"/>
        <source>%1 · %2 · %3→%4 · %n seat(s)</source>
        <translation>
            <numerusform>%1 · %2 · %3→%4 · %n seat</numerusform>
            <numerusform>%1 · %2 · %3→%4 · %n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/operator_dialogs.cpp" line="756"/>
        <source>Released %n seat interval(s).</source>
        <translation>
            <numerusform>Released %n seat interval.</numerusform>
            <numerusform>Released %n seat intervals.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/operator_dialogs.cpp" line="757"/>
        <source>%n waitlist order(s) served.</source>
        <translation>
            <numerusform>%n waitlist order served.</numerusform>
            <numerusform>%n waitlist orders served.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::SeatMapExport</name>
    <message numerus="yes">
        <location filename="../app/src/seat_map_export.cpp" line="182"/>
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
        <location filename="../app/src/operator_dialogs.cpp" line="1027"/>
        <source>%n seat(s) of this class free over the interval</source>
        <translation>
            <numerusform>%n seat of this class free over the interval</numerusform>
            <numerusform>%n seats of this class free over the interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/operator_dialogs.cpp" line="1140"/>
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
        <location filename="../app/src/step_panel.cpp" line="149"/>
        <source>%1 skipped: only %n seat(s) free on %2 (%3)</source>
        <translation>
            <numerusform>%1 skipped: only %n seat free on %2 (%3)</numerusform>
            <numerusform>%1 skipped: only %n seats free on %2 (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="188"/>
        <source>%n more command(s) waiting</source>
        <translation>
            <numerusform>%n more command waiting</numerusform>
            <numerusform>%n more commands waiting</numerusform>
        </translation>
    </message>
</context>
</TS>
