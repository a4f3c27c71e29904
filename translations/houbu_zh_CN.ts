<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>houbu::EmbeddedSession</name>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="208"/>
        <source>Embedded · in memory</source>
        <translation>嵌入式 · 内存</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="208"/>
        <source>Embedded · %1</source>
        <translation>嵌入式 · %1</translation>
    </message>
</context>
<context>
    <name>houbu::EmbeddedWorker</name>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="56"/>
        <source>Loading cancelled after %1 of %2 lines.</source>
        <translation>已在 %2 行中的第 %1 行后取消加载。</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="59"/>
        <location filename="../session/src/embedded_session.cpp" line="65"/>
        <source>Loading scenario</source>
        <translation>正在加载场景</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="83"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="95"/>
        <source>Journal exported to %1</source>
        <translation>日志已导出到 %1</translation>
    </message>
</context>
<context>
    <name>houbu::EventLogModel</name>
    <message>
        <location filename="../models/src/models.cpp" line="628"/>
        <source>prepay ¥%1 by %2</source>
        <translation>预付 ¥%1，%2 前支付</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="680"/>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="682"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="684"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="686"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="688"/>
        <source>Train</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="690"/>
        <source>Ticket / id</source>
        <translation>车票 / 编号</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="692"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>houbu::MainWindow</name>
    <message>
        <location filename="../app/src/main_window.cpp" line="68"/>
        <location filename="../app/src/main_window.cpp" line="362"/>
        <location filename="../app/src/main_window.cpp" line="461"/>
        <source>Houbu</source>
        <translation>候补</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="88"/>
        <source>Find seat, ticket, passenger or order (Ctrl+F)</source>
        <translation>查找席位、车票、乘客或订单 (Ctrl+F)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="89"/>
        <source>Class:</source>
        <translation>席别：</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="91"/>
        <source>Car:</source>
        <translation>车厢：</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="105"/>
        <location filename="../app/src/main_window.cpp" line="591"/>
        <source>paid</source>
        <translation>已支付</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="106"/>
        <source>held, awaiting payment</source>
        <translation>占座，待支付</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="107"/>
        <source>served from the waitlist</source>
        <translation>候补兑现</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="108"/>
        <location filename="../app/src/main_window.cpp" line="597"/>
        <source>quota block</source>
        <translation>预留</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="108"/>
        <source>blank: free</source>
        <translation>空白：空闲</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="124"/>
        <source>Selected: %1 %2→%3</source>
        <translation>已选：%1 %2→%3</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="209"/>
        <source>Trains</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="219"/>
        <source>Select a queued order to see which seats block it.</source>
        <translation>选择一个排队订单，查看是哪些席位挡住了它。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="226"/>
        <source>Queues</source>
        <translation>候补队列</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="233"/>
        <source>All events</source>
        <translation>全部事件</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="241"/>
        <source>All trains</source>
        <translation>全部车次</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="242"/>
        <source>Order id</source>
        <translation>订单号</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="243"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="276"/>
        <source>Matching log</source>
        <translation>匹配日志</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="280"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="281"/>
        <source>Open &amp;demo</source>
        <translation>打开演示(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="284"/>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="286"/>
        <source>Open &amp;store…</source>
        <translation>打开存储(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="288"/>
        <source>Recent files</source>
        <translation>最近的文件</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="291"/>
        <source>&amp;Export journal as scenario…</source>
        <translation>将日志导出为场景(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="294"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="296"/>
        <source>&amp;Operations</source>
        <translation>操作(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="297"/>
        <source>&amp;Release selection…</source>
        <translation>释放所选(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="299"/>
        <source>&amp;Add car…</source>
        <translation>加挂车厢(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="301"/>
        <source>Advance &amp;clock…</source>
        <translation>推进时钟(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="304"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="305"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="307"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="309"/>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="311"/>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="321"/>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="349"/>
        <source>Embedded</source>
        <translation>嵌入式</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="350"/>
        <source>in memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="365"/>
        <source>Cannot open the store</source>
        <translation>无法打开存储</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="375"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="392"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="393"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="398"/>
        <location filename="../app/src/main_window.cpp" line="461"/>
        <source>Houbu — %1</source>
        <translation>候补 — %1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="403"/>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="404"/>
        <source>Scenarios (*.jsonl);;All files (*)</source>
        <translation>场景 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="410"/>
        <source>Open or create a store</source>
        <translation>打开或新建存储</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="411"/>
        <source>Houbu stores (*.db);;All files (*)</source>
        <translation>候补存储 (*.db);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="420"/>
        <source>Export journal as scenario</source>
        <translation>将日志导出为场景</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="420"/>
        <source>Scenarios (*.jsonl)</source>
        <translation>场景 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="458"/>
        <source>Clock %1</source>
        <translation>时钟 %1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="472"/>
        <location filename="../app/src/main_window.cpp" line="473"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="478"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="497"/>
        <source>%n event(s) applied</source>
        <translation>
            <numerusform>已应用 %n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="505"/>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="556"/>
        <source>Why %1 waits</source>
        <translation>%1 为何仍在等待</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="564"/>
        <source>stops %1→%2</source>
        <translation>站序 %1→%2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="568"/>
        <source>The train has left %1: this option no longer serves.</source>
        <translation>列车已从%1发车：此选项不再兑现。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="573"/>
        <source>Needs %n seat(s) free over the whole interval</source>
        <translation>
            <numerusform>需要全程空闲席位 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="574"/>
        <source>%n free.</source>
        <translation>
            <numerusform>空闲 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="576"/>
        <source>Servable now: under policy exact it waits for a release of exactly this interval.</source>
        <translation>现在即可兑现：在 exact 策略下，它等待恰好这一区间的释放。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="588"/>
        <source>held</source>
        <translation>占座</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="594"/>
        <source>served</source>
        <translation>候补兑现</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="614"/>
        <source>… and %n more seat(s)</source>
        <translation>
            <numerusform>…… 另有 %n 个席位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="627"/>
        <source>Release the selected seat interval</source>
        <translation>释放所选席位区间</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="628"/>
        <source>Select a seat interval in the grid first</source>
        <translation>请先在席位图中选择一个席位区间</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="678"/>
        <source>Release %1 (%2)</source>
        <translation>释放 %1（%2）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="698"/>
        <source>Release</source>
        <translation>释放</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="699"/>
        <source>Release everything on %1 within %2→%3.
Reason:</source>
        <translation>释放 %1 在 %2→%3 内的全部占用。
原因：</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="708"/>
        <source>Add car (加挂)</source>
        <translation>加挂车厢</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="724"/>
        <source>Car number</source>
        <translation>车厢号</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="725"/>
        <source>Class</source>
        <translation>席别</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="726"/>
        <source>Rows</source>
        <translation>排数</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="727"/>
        <source>Layout (seat letters of one row)</source>
        <translation>座位布局（一排的座位字母）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="745"/>
        <source>Advance clock</source>
        <translation>推进时钟</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="746"/>
        <source>Move the clock to (YYYY-MM-DDTHH:MM):</source>
        <translation>将时钟推进到（YYYY-MM-DDTHH:MM）：</translation>
    </message>
</context>
<context>
    <name>houbu::QueueModel</name>
    <message numerus="yes">
        <location filename="../models/src/models.cpp" line="417"/>
        <source>%n waiting</source>
        <translation>
            <numerusform>%n 人等待</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/models.cpp" line="420"/>
        <source>Queue %1 %2: %n order(s) in rank order</source>
        <translation>
            <numerusform>队列 %1 %2：按名次排列的 %n 个订单</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="461"/>
        <source>Order %1 of user %2, %3, rank %4 in this queue</source>
        <translation>用户 %2 的订单 %1，%3，在本队列排第 %4 名</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="472"/>
        <source>Queue / order</source>
        <translation>队列 / 订单</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="474"/>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="476"/>
        <source>Passengers</source>
        <translation>乘客</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="478"/>
        <source>Effective</source>
        <translation>生效时间</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="480"/>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="482"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
</context>
<context>
    <name>houbu::RunListModel</name>
    <message>
        <location filename="../models/src/models.cpp" line="127"/>
        <source>Train</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="129"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="131"/>
        <source>Stops</source>
        <translation>站数</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="133"/>
        <source>Seats</source>
        <translation>席位</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="135"/>
        <source>Load</source>
        <translation>客座率</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="137"/>
        <source>Queued</source>
        <translation>排队</translation>
    </message>
</context>
<context>
    <name>houbu::SeatGridModel</name>
    <message>
        <location filename="../models/src/models.cpp" line="260"/>
        <source>%1 · %2
Free</source>
        <translation>%1 · %2
空闲</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="264"/>
        <source>%1 · %2
Quota block %3</source>
        <translation>%1 · %2
预留 %3</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="266"/>
        <source>%1 · %2
Ticket %3, held until %4
Passenger %5
Sale %6</source>
        <translation>%1 · %2
车票 %3，占座至 %4
乘客 %5
订单 %6</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="270"/>
        <source>%1 · %2
Ticket %3, paid
Passenger %4
Sale %5</source>
        <translation>%1 · %2
车票 %3，已支付
乘客 %4
订单 %5</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="273"/>
        <source>%1 · %2
Ticket %3, served from the waitlist
Passenger %4
Order %5</source>
        <translation>%1 · %2
车票 %3，候补兑现
乘客 %4
候补订单 %5</translation>
    </message>
    <message>
        <location filename="../models/src/models.cpp" line="293"/>
        <source>Seat %1, car %2, %3</source>
        <translation>席位 %1，%2 号车厢，%3</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/src/main.cpp" line="92"/>
        <source>Houbu console: seat intervals and waitlists.</source>
        <translation>候补控制台：席位区间与候补队列。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="95"/>
        <source>Open (or create) the store at &lt;path&gt;.</source>
        <translation>打开（或新建）位于 &lt;path&gt; 的存储。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="99"/>
        <source>Run the engine in memory with the demo train.</source>
        <translation>在内存中运行引擎并载入演示车次。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="101"/>
        <source>Load a scenario file in memory.</source>
        <translation>在内存中加载场景文件。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="103"/>
        <source>Use a dark palette.</source>
        <translation>使用深色配色。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="105"/>
        <source>Save screenshots into &lt;dir&gt; and quit.</source>
        <translation>将截图保存到 &lt;dir&gt; 后退出。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="109"/>
        <source>Interface language: en or zh_CN (default: the system language).</source>
        <translation>界面语言：en 或 zh_CN（默认跟随系统）。</translation>
    </message>
</context>
</TS>
