<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>houbu::AboutDialog</name>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="24"/>
        <source>windows, item models, the store&apos;s database drivers, network</source>
        <translation>窗口、数据模型、存储的数据库驱动、网络</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="25"/>
        <source>the charts; houbud&apos;s HTTP API</source>
        <translation>图表；houbud 的 HTTP 接口</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="26"/>
        <source>server tokens in the system keychain</source>
        <translation>在系统钥匙串中保存服务器令牌</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="27"/>
        <source>the default store</source>
        <translation>默认存储</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="27"/>
        <source>public domain</source>
        <translation>公有领域</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="28"/>
        <source>PostgreSQL stores, through Qt&apos;s driver</source>
        <translation>PostgreSQL 存储（经由 Qt 的驱动）</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="30"/>
        <source>compressed commands, snapshots and the log</source>
        <translation>压缩命令、快照和日志</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="31"/>
        <source>the journal&apos;s hash chain</source>
        <translation>日志的哈希链</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="32"/>
        <source>reading command lines</source>
        <translation>读取命令行</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="33"/>
        <source>Chinese text, from the system&apos;s fonts</source>
        <translation>中文文字（来自系统字体）</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="36"/>
        <source>Seat intervals and waitlists for railway tickets: the console.</source>
        <translation>铁路车票的席位区间与候补：控制台。</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="37"/>
        <source>Built with these libraries, under their licences:</source>
        <translation>使用以下程序库构建，遵循各自的许可证：</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="40"/>
        <source>Library</source>
        <translation>程序库</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="40"/>
        <source>Used for</source>
        <translation>用途</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="40"/>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="45"/>
        <source>Qt is used as shared libraries of the system, so that it can be replaced.</source>
        <translation>Qt 以系统共享库的形式使用，因此可以替换。</translation>
    </message>
    <message>
        <location filename="../app/src/about_dialog.cpp" line="51"/>
        <source>About Houbu</source>
        <translation>关于候补</translation>
    </message>
</context>
<context>
    <name>houbu::AddCarDialog</name>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="47"/>
        <source>Add car (加挂) — %1</source>
        <translation>加挂车厢 — %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="55"/>
        <source>A car number not used on this run, 1 to 99</source>
        <translation>本车次未使用的车厢号，1 至 99</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="72"/>
        <source>One of the run&apos;s classes, or a new one</source>
        <translation>本车次已有的席别，或新的席别</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="80"/>
        <source>The seat letters of one row, A to Z, each once. A and F are windows, C and D along the aisle.</source>
        <translation>一排的座位字母，A 至 Z，每个字母只出现一次。A 和 F 靠窗，C 和 D 靠过道。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="93"/>
        <source>Car &amp;number:</source>
        <translation>车厢号(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="94"/>
        <source>&amp;Class:</source>
        <translation>席别(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="95"/>
        <source>&amp;Rows:</source>
        <translation>排数(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="96"/>
        <source>&amp;Layout:</source>
        <translation>座位布局(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="111"/>
        <source>&amp;Add car</source>
        <translation>加挂(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="119"/>
        <source>Add car %1?</source>
        <translation>加挂 %1 号车厢？</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="120"/>
        <source>Add car %1 (%2, %n seat(s)) to %3? An added car cannot be taken off again.</source>
        <translation>
            <numerusform>为 %3 加挂 %1 号车厢（%2，%n 个座位）？加挂后不能再摘下。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="126"/>
        <source>Add the car</source>
        <translation>加挂</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="140"/>
        <source>No train is shown: open a scenario or a store first.</source>
        <translation>未显示任何车次：请先打开场景或存储。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="141"/>
        <source>Enter the car&apos;s class, e.g. second.</source>
        <translation>请输入车厢的席别，例如 second。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/add_car_dialog.cpp" line="143"/>
        <source>Enter the seat letters of one row, e.g. ABCDF.</source>
        <translation>请输入一排的座位字母，例如 ABCDF。</translation>
    </message>
</context>
<context>
    <name>houbu::AdvanceClockDialog</name>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="46"/>
        <source>Advance the clock</source>
        <translation>推进时钟</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="53"/>
        <source>Held tickets, prepayments and deadlines due by then fire in order</source>
        <translation>届时到期的占座车票、预付和截止时间将依次触发</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="66"/>
        <source>+10 min</source>
        <translation>+10 分钟</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="67"/>
        <source>+30 min</source>
        <translation>+30 分钟</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="68"/>
        <source>+1 h</source>
        <translation>+1 小时</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="69"/>
        <source>Next &amp;departure</source>
        <translation>下次发车(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="77"/>
        <source>The shown run&apos;s next departure: %1</source>
        <translation>当前车次的下次发车：%1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="79"/>
        <source>The shown run has no departure after the clock</source>
        <translation>当前车次在时钟时刻之后没有发车</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="84"/>
        <source>Now:</source>
        <translation>当前：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="85"/>
        <source>&amp;Move to:</source>
        <translation>推进到(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="88"/>
        <source>&amp;Advance</source>
        <translation>推进(&amp;A)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/advance_clock_dialog.cpp" line="112"/>
        <source>Clock moved to %1: %n event(s) fired.</source>
        <translation>
            <numerusform>时钟已推进到 %1：触发了 %n 个事件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::Analysis</name>
    <message>
        <location filename="../session/src/analysis.cpp" line="184"/>
        <source>The journal never defines the run %1 %2.</source>
        <translation>日志中从未定义车次 %1 %2。</translation>
    </message>
    <message>
        <location filename="../session/src/analysis.cpp" line="190"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>houbu::Author</name>
    <message>
        <location filename="../session/src/event_record.cpp" line="16"/>
        <source>unknown user</source>
        <translation>未知用户</translation>
    </message>
    <message>
        <location filename="../session/src/event_record.cpp" line="20"/>
        <source>console</source>
        <translation>控制台</translation>
    </message>
    <message>
        <location filename="../session/src/event_record.cpp" line="22"/>
        <source>dispatcher</source>
        <translation>调度员</translation>
    </message>
    <message>
        <location filename="../session/src/event_record.cpp" line="24"/>
        <source>admin</source>
        <translation>管理员</translation>
    </message>
    <message>
        <location filename="../session/src/event_record.cpp" line="26"/>
        <source>viewer</source>
        <translation>只读用户</translation>
    </message>
    <message>
        <location filename="../session/src/event_record.cpp" line="28"/>
        <source>command line</source>
        <translation>命令行</translation>
    </message>
</context>
<context>
    <name>houbu::BlockDialog</name>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="47"/>
        <source>Block quota (预留) — %1</source>
        <translation>预留配额 — %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="52"/>
        <source>&amp;Number of seats:</source>
        <translation>席位数(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="57"/>
        <source>E&amp;xplicit seats:</source>
        <translation>指定席位(&amp;X)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="61"/>
        <source>03-01A 03-01B</source>
        <translation>03-01A 03-01B</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="62"/>
        <source>Seat labels separated by spaces or commas</source>
        <translation>席位编号，以空格或逗号分隔</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="68"/>
        <source>I&amp;d:</source>
        <translation>编号(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="69"/>
        <source>&amp;Class:</source>
        <translation>席别(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="70"/>
        <source>&amp;Interval:</source>
        <translation>区间(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="73"/>
        <source>Free:</source>
        <translation>空闲：</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/block_dialog.cpp" line="84"/>
        <source>%n seat(s) of this class free over the interval</source>
        <translation>
            <numerusform>该席别在此区间内有 %n 个空闲席位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/block_dialog.cpp" line="87"/>
        <source>%n standing place(s)</source>
        <translation>
            <numerusform>%n 个无座名额</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="97"/>
        <source>&amp;Block</source>
        <translation>预留(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="106"/>
        <source>No train is shown: open a scenario or a store first.</source>
        <translation>未显示任何车次：请先打开场景或存储。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="107"/>
        <source>Enter an id for the block.</source>
        <translation>请输入预留的编号。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="108"/>
        <source>This run has no class to block.</source>
        <translation>本车次没有可预留的席别。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/block_dialog.cpp" line="110"/>
        <source>Enter the seats to block, e.g. 03-01A 03-01B.</source>
        <translation>请输入要预留的席位，例如 03-01A 03-01B。</translation>
    </message>
</context>
<context>
    <name>houbu::CancelOrderDialog</name>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="47"/>
        <source>Cancel a waitlist order</source>
        <translation>取消候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="64"/>
        <source>awaiting prepayment of %1</source>
        <translation>等待预付 %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="67"/>
        <source>Queued orders of the shown run and orders awaiting prepayment; any order id may be typed</source>
        <translation>当前车次的排队订单及待预付订单；也可输入任意订单号</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="58"/>
        <source>%1 for %2, %3→%4, queued</source>
        <translation>用户 %1，乘客 %2，%3→%4，排队中</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="69"/>
        <source>Details:</source>
        <translation>详情：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="69"/>
        <source>unknown here: the engine checks the order</source>
        <translation>此处未知：由引擎核对该订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="70"/>
        <source>&amp;Cancel order</source>
        <translation>取消订单(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="71"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/cancel_order_dialog.cpp" line="45"/>
        <source>Choose the order to cancel.</source>
        <translation>请选择要取消的订单。</translation>
    </message>
</context>
<context>
    <name>houbu::ChartsPanel</name>
    <message>
        <location filename="../app/src/charts.cpp" line="171"/>
        <source>&amp;Class:</source>
        <translation>席别(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="176"/>
        <source>&amp;Replay history</source>
        <translation>回放历史(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="178"/>
        <source>Replay the journal to chart queues, releases and utilisation over time</source>
        <translation>回放日志，绘制队列、释放和利用率随时间的变化</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="179"/>
        <source>Export &amp;PNG…</source>
        <translation>导出 PNG(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="180"/>
        <source>Save the chart shown as a PNG image</source>
        <translation>将当前图表保存为 PNG 图像</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="192"/>
        <source>Section load</source>
        <translation>区段负载</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="192"/>
        <source>Queues over time</source>
        <translation>队列变化</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="193"/>
        <source>Releases and fulfilments</source>
        <translation>释放与兑现</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="193"/>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="194"/>
        <location filename="../app/src/charts.cpp" line="347"/>
        <source>Forecast by rank</source>
        <translation>按名次的兑现预测</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="249"/>
        <source>All classes</source>
        <translation>全部席别</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="272"/>
        <source>No run to chart.</source>
        <translation>没有可绘制图表的车次。</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="275"/>
        <source>Replaying the journal…</source>
        <translation>正在回放日志…</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/charts.cpp" line="291"/>
        <source>History of %1 after %n command(s).</source>
        <translation>
            <numerusform>%1 在执行 %n 条命令后的历史。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="358"/>
        <source>90 % interval</source>
        <translation>90% 区间</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="385"/>
        <source>Rank in the queue</source>
        <translation>队列中的名次</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="401"/>
        <source>Forecast by rank · %1 %2 %3→%4</source>
        <translation>按名次的兑现预测 · %1 %2 %3→%4</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/charts.cpp" line="406"/>
        <source>the first %n ranks</source>
        <translation>
            <numerusform>前 %n 名</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="430"/>
        <location filename="../app/src/charts.cpp" line="554"/>
        <source>Sold</source>
        <translation>已售</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="431"/>
        <location filename="../app/src/charts.cpp" line="555"/>
        <source>Held</source>
        <translation>占座</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="432"/>
        <source>Blocked</source>
        <translation>预留</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="433"/>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="454"/>
        <source>Section load in seats · %1</source>
        <translation>区段负载（座位数）· %1</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="542"/>
        <source>Seats released by source and orders fulfilled, running totals · %1</source>
        <translation>按来源统计的释放席位与兑现订单（累计）· %1</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="533"/>
        <source>Orders fulfilled</source>
        <translation>兑现订单</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/charts.cpp" line="354"/>
        <source>Probability of being served within %n minute(s)</source>
        <translation>
            <numerusform>%n 分钟内的候补兑现概率</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="539"/>
        <source>Queued orders per interval · %1</source>
        <translation>各区间排队订单 · %1</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="576"/>
        <source>Seat-km over seat-km offered</source>
        <translation>售出席位公里 / 提供席位公里</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="579"/>
        <source>Seat utilisation per run</source>
        <translation>各车次席位利用率</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="639"/>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="639"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="641"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../app/src/charts.cpp" line="642"/>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>houbu::ConnectDialog</name>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="36"/>
        <source>Connect to server</source>
        <translation>连接服务器</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="55"/>
        <source>No recent servers</source>
        <translation>无最近使用的服务器</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="56"/>
        <source>&amp;Recent servers:</source>
        <translation>最近的服务器(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="60"/>
        <source>https://host:port</source>
        <translation>https://host:port</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="62"/>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="65"/>
        <source>https://host:port, https://host:port (optional)</source>
        <translation>https://host:port, https://host:port（可选）</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="68"/>
        <source>Other servers of the same store: its followers, or its writer. The console reads from the first that answers and, when a connection is lost, goes on from the next where it stopped; commands reach the writer through any of them.</source>
        <translation>同一存储的其他服务器：其从节点或其写入节点。控制台从第一个应答的服务器读取；连接断开时从下一个服务器接着上次停下的位置继续；命令经由其中任何一个送达写入节点。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="71"/>
        <source>&amp;Also via:</source>
        <translation>其他服务器(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="81"/>
        <source>Access token given by the server&apos;s administrator</source>
        <translation>由服务器管理员提供的访问令牌</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="85"/>
        <location filename="../app/src/connect_dialog.cpp" line="141"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="86"/>
        <source>Show or hide the token</source>
        <translation>显示或隐藏令牌</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="89"/>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="93"/>
        <source>Re&amp;member token in the system keychain</source>
        <translation>在系统钥匙串中记住令牌(&amp;M)</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="96"/>
        <source>The token is kept only in the system keychain, never in a file. Without a reachable keychain it is not remembered.</source>
        <translation>令牌仅保存在系统钥匙串中，绝不写入文件。无法访问钥匙串时不会记住令牌。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="107"/>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="109"/>
        <source>&amp;Forget token</source>
        <translation>忘记令牌(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="110"/>
        <source>Remove this server&apos;s token from the system keychain</source>
        <translation>从系统钥匙串中删除此服务器的令牌</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="141"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="160"/>
        <source>Enter the server&apos;s address, e.g. https://host:8443.</source>
        <translation>请输入服务器地址，例如 https://host:8443。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="162"/>
        <source>Not a valid address: %1</source>
        <translation>地址无效：%1</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="165"/>
        <source>The address must start with https:// or http://.</source>
        <translation>地址必须以 https:// 或 http:// 开头。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="166"/>
        <source>The address needs a host name.</source>
        <translation>地址中缺少主机名。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="168"/>
        <source>Put the token in the token field, not in the address.</source>
        <translation>请将令牌填入令牌栏，而不是写在地址中。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="169"/>
        <source>The port must be between 1 and 65535.</source>
        <translation>端口必须介于 1 和 65535 之间。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="171"/>
        <source>The address must not have a path, query or fragment.</source>
        <translation>地址不能包含路径、查询或片段。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="247"/>
        <source>Also via %1: %2</source>
        <translation>其他服务器 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="253"/>
        <source>Without https the token travels unencrypted.</source>
        <translation>不使用 https 时，令牌将以未加密方式传输。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="274"/>
        <source>Reading the token from the system keychain…</source>
        <translation>正在从系统钥匙串读取令牌…</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="291"/>
        <source>Token read from the system keychain.</source>
        <translation>已从系统钥匙串读取令牌。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="296"/>
        <source>No token is remembered for this server: enter it.</source>
        <translation>未记住此服务器的令牌：请输入。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="299"/>
        <source>Enter the token to connect.</source>
        <translation>请输入令牌以连接。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="315"/>
        <source>Storing the token in the system keychain…</source>
        <translation>正在将令牌存入系统钥匙串…</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="325"/>
        <source>The token was not stored. Untick “Remember” to connect without storing it.</source>
        <translation>令牌未能保存。取消勾选“记住令牌”即可不保存令牌直接连接。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="341"/>
        <source>Removing the token from the system keychain…</source>
        <translation>正在从系统钥匙串删除令牌…</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="357"/>
        <source>The token for %1 was removed from the system keychain.</source>
        <translation>已从系统钥匙串删除 %1 的令牌。</translation>
    </message>
    <message>
        <location filename="../app/src/connect_dialog.cpp" line="358"/>
        <source>No token was stored for %1.</source>
        <translation>未存储 %1 的令牌。</translation>
    </message>
</context>
<context>
    <name>houbu::ConnectionIndicator</name>
    <message>
        <location filename="../app/src/connection_indicator.cpp" line="12"/>
        <source>Disconnected</source>
        <translation>未连接</translation>
    </message>
</context>
<context>
    <name>houbu::CredentialStore</name>
    <message>
        <location filename="../app/src/credential_store.cpp" line="40"/>
        <source>No token is stored in the system keychain for this server.</source>
        <translation>系统钥匙串中没有此服务器的令牌。</translation>
    </message>
    <message>
        <location filename="../app/src/credential_store.cpp" line="43"/>
        <source>No system keychain is reachable (%1).</source>
        <translation>无法访问系统钥匙串（%1）。</translation>
    </message>
    <message>
        <location filename="../app/src/credential_store.cpp" line="45"/>
        <source>The system keychain refused access (%1).</source>
        <translation>系统钥匙串拒绝访问（%1）。</translation>
    </message>
    <message>
        <location filename="../app/src/credential_store.cpp" line="49"/>
        <source>The system keychain could not be used (%1).</source>
        <translation>无法使用系统钥匙串（%1）。</translation>
    </message>
    <message>
        <location filename="../app/src/credential_store.cpp" line="60"/>
        <source>no D-Bus session bus</source>
        <translation>没有 D-Bus 会话总线</translation>
    </message>
    <message>
        <location filename="../app/src/credential_store.cpp" line="99"/>
        <source>Nothing to store: no server or no token.</source>
        <translation>无可存储内容：缺少服务器或令牌。</translation>
    </message>
    <message>
        <location filename="../app/src/credential_store.cpp" line="122"/>
        <location filename="../app/src/credential_store.cpp" line="145"/>
        <source>Not a server address.</source>
        <translation>不是服务器地址。</translation>
    </message>
</context>
<context>
    <name>houbu::CsvExport</name>
    <message>
        <location filename="../app/src/csv_export.cpp" line="45"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>houbu::DefineTrainDialog</name>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="92"/>
        <source>Define train</source>
        <translation>定义车次</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="95"/>
        <source>The train number of the new run, e.g. G4913</source>
        <translation>新车次的车次号，例如 G4913</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="99"/>
        <source>&amp;Added train (加开)</source>
        <translation>加开列车(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="102"/>
        <source>Offered to the waitlist orders that accept added trains leaving within their window; its seats go to them first</source>
        <translation>提供给接受新增列车且出发时间在其时间窗内的候补订单；其席位先兑现候补</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="107"/>
        <source>complete (any freed interval serves the earliest order it can)</source>
        <translation>complete（任何释放的区间兑现能兑现的最早订单）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="109"/>
        <source>exact (a release serves only orders of exactly its interval)</source>
        <translation>exact（释放的区间只兑现区间完全相同的订单）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="115"/>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="140"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="116"/>
        <source>How long a held ticket may wait for payment</source>
        <translation>占座车票等待支付的时长</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="117"/>
        <source>Trai&amp;n:</source>
        <translation>车次(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="118"/>
        <source>Dat&amp;e:</source>
        <translation>日期(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="120"/>
        <source>&amp;Policy:</source>
        <translation>匹配策略(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="121"/>
        <source>&amp;Hold:</source>
        <translation>占座时长(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="123"/>
        <source>Station</source>
        <translation>车站</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="123"/>
        <source>km</source>
        <translation>里程（公里）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="123"/>
        <source>Arrives</source>
        <translation>到达</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="123"/>
        <source>Departs</source>
        <translation>出发</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="125"/>
        <source>Stops in order; times HH:MM (a time earlier than the stop before means the next day)</source>
        <translation>按顺序列出停站；时间格式 HH:MM（早于上一站的时间表示次日）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="127"/>
        <source>&amp;Stops:</source>
        <translation>停站(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="131"/>
        <source>Add stop</source>
        <translation>添加停站</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="131"/>
        <source>Remove stop</source>
        <translation>删除停站</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="141"/>
        <source>Shift ti&amp;mes</source>
        <translation>平移时刻(&amp;M)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="143"/>
        <source>Move every stop&apos;s times by this many minutes</source>
        <translation>将每个停站的时刻平移这么多分钟</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="151"/>
        <source>Car</source>
        <translation>车厢</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="151"/>
        <source>Class</source>
        <translation>席别</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="151"/>
        <source>Rows</source>
        <translation>排数</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="151"/>
        <source>Layout</source>
        <translation>座位布局</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="151"/>
        <source>Standing places</source>
        <translation>无座定员</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="152"/>
        <source>Fare (yuan/km)</source>
        <translation>票价（元/公里）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="155"/>
        <source>A car&apos;s standing places add to its class&apos;s; a class&apos;s fare is the first one given for it (empty: none)</source>
        <translation>车厢的无座定员计入其席别；席别的票价取为该席别第一个填写的票价（留空：无）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="157"/>
        <source>&amp;Cars:</source>
        <translation>车厢(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="161"/>
        <source>Add car</source>
        <translation>添加车厢</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="161"/>
        <source>Remove car</source>
        <translation>删除车厢</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="175"/>
        <source>&amp;Define train</source>
        <translation>定义车次(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="218"/>
        <source>Enter the train number.</source>
        <translation>请输入车次号。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="219"/>
        <source>Enter the date, YYYY-MM-DD.</source>
        <translation>请输入日期，格式 YYYY-MM-DD。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="222"/>
        <source>Stop %1 has no station.</source>
        <translation>第 %1 个停站没有车站。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="223"/>
        <source>Stop %1 has no km.</source>
        <translation>第 %1 个停站没有里程。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="225"/>
        <source>Stop %1: the km must be a number.</source>
        <translation>第 %1 个停站：里程须为数字。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="228"/>
        <source>Stop %1: times are written HH:MM, e.g. 08:05.</source>
        <translation>第 %1 个停站：时刻写作 HH:MM，例如 08:05。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="233"/>
        <source>Car row %1 is incomplete: it needs a number, class, rows and layout.</source>
        <translation>第 %1 行车厢不完整：需要车厢号、席别、排数和座位布局。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="241"/>
        <source>Car row %1: the car, rows and standing places are whole numbers, the fare a number.</source>
        <translation>第 %1 行车厢：车厢号、排数和站票数须为整数，票价须为数字。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="294"/>
        <source>%1 defined.</source>
        <translation>已定义 %1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="295"/>
        <source>%1 added (加开): offered to %n waiting order option(s)</source>
        <translation>
            <numerusform>已加开 %1：作为 %n 个候补订单选项提供</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/define_train_dialog.cpp" line="296"/>
        <source>%n order(s) served from the waitlist.</source>
        <translation>
            <numerusform>%n 个候补订单已兑现。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::DisplayNames</name>
    <message>
        <location filename="../models/src/display_names.cpp" line="49"/>
        <source>Train defined</source>
        <translation>车次已定义</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="50"/>
        <source>Car added</source>
        <translation>已加挂车厢</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="51"/>
        <source>Ticket held</source>
        <translation>已占座</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="52"/>
        <source>Ticket paid</source>
        <translation>已支付</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="53"/>
        <source>Ticket refunded</source>
        <translation>已退票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="54"/>
        <source>Hold expired</source>
        <translation>占座超时</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="55"/>
        <source>Seat released</source>
        <translation>座位释放</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="56"/>
        <source>Block created</source>
        <translation>已预留</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="57"/>
        <source>Block released</source>
        <translation>预留已释放</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="58"/>
        <source>Order submitted</source>
        <translation>候补已提交</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="59"/>
        <source>Order effective</source>
        <translation>候补已生效</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="60"/>
        <source>Order served</source>
        <translation>候补已兑现</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="61"/>
        <source>Order cancelled</source>
        <translation>候补已取消</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="62"/>
        <source>Order expired</source>
        <translation>候补已失效</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="63"/>
        <location filename="../models/src/display_names.cpp" line="91"/>
        <source>Queue position</source>
        <translation>排队名次</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="64"/>
        <location filename="../models/src/display_names.cpp" line="92"/>
        <source>Availability</source>
        <translation>余票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="65"/>
        <location filename="../models/src/display_names.cpp" line="93"/>
        <source>Seat map</source>
        <translation>座位图</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="66"/>
        <source>Done already</source>
        <translation>重复命令</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="67"/>
        <source>Refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="68"/>
        <source>Match considered</source>
        <translation>匹配考虑</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="69"/>
        <source>Match skipped</source>
        <translation>匹配跳过</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="70"/>
        <source>Added train offered</source>
        <translation>新增列车已加入候补</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="71"/>
        <source>Order failed</source>
        <translation>候补兑现失败</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="72"/>
        <source>Waitlist rules set</source>
        <translation>候补规则已设定</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="73"/>
        <source>Waitlist cap set</source>
        <translation>候补人数上限已设定</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="74"/>
        <location filename="../models/src/display_names.cpp" line="96"/>
        <source>Forecast</source>
        <translation>预测</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="79"/>
        <source>Define train</source>
        <translation>定义车次</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="80"/>
        <source>Add car</source>
        <translation>加挂</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="81"/>
        <source>Sell</source>
        <translation>售票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="82"/>
        <source>Pay</source>
        <translation>支付</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="83"/>
        <source>Refund</source>
        <translation>退票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="84"/>
        <source>Reschedule</source>
        <translation>改签</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="85"/>
        <source>Block quota</source>
        <translation>预留</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="86"/>
        <source>Release</source>
        <translation>释放</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="87"/>
        <source>Waitlist order</source>
        <translation>候补下单</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="88"/>
        <source>Prepay</source>
        <translation>预付</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="89"/>
        <source>Cancel order</source>
        <translation>取消候补</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="90"/>
        <source>Advance clock</source>
        <translation>推进时钟</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="94"/>
        <source>Set waitlist rules</source>
        <translation>设定候补规则</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="95"/>
        <source>Cap waitlist</source>
        <translation>设定候补人数上限</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="101"/>
        <source>refund</source>
        <translation>退票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="102"/>
        <source>payment timeout</source>
        <translation>支付超时</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="103"/>
        <source>reschedule</source>
        <translation>改签</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="104"/>
        <source>quota returned</source>
        <translation>预留释放</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="105"/>
        <source>added car</source>
        <translation>加挂</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="110"/>
        <source>Refunds</source>
        <translation>退票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="111"/>
        <source>Holds timed out</source>
        <translation>占座超时</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="112"/>
        <source>Reschedules</source>
        <translation>改签</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="113"/>
        <source>Quota released</source>
        <translation>预留释放</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="114"/>
        <source>Added cars</source>
        <translation>加挂</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="119"/>
        <source>Business class</source>
        <translation>商务座</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="120"/>
        <source>First class</source>
        <translation>一等座</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="121"/>
        <source>Second class</source>
        <translation>二等座</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="130"/>
        <source>awaiting prepayment</source>
        <translation>等待预付</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="131"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="132"/>
        <location filename="../models/src/display_names.cpp" line="168"/>
        <source>served</source>
        <translation>候补兑现</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="133"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="134"/>
        <source>expired</source>
        <translation>已失效</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="135"/>
        <source>failed: passenger conflict</source>
        <translation>兑现失败：乘车人行程冲突</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="140"/>
        <location filename="../models/src/display_names.cpp" line="164"/>
        <source>held</source>
        <translation>占座</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="141"/>
        <location filename="../models/src/display_names.cpp" line="166"/>
        <source>paid</source>
        <translation>已支付</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="142"/>
        <source>refunded</source>
        <translation>已退票</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="143"/>
        <source>hold expired</source>
        <translation>占座超时</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="144"/>
        <location filename="../models/src/display_names.cpp" line="170"/>
        <source>quota block</source>
        <translation>预留</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="149"/>
        <source>cancelled by the user</source>
        <translation>用户取消</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="150"/>
        <source>not prepaid in time</source>
        <translation>未按时预付</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="155"/>
        <source>few ahead</source>
        <translation>较少</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="156"/>
        <source>some ahead</source>
        <translation>中等</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="157"/>
        <source>many ahead</source>
        <translation>较多</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="181"/>
        <source>(the engine: %1)</source>
        <translation>（引擎原文：%1）</translation>
    </message>
    <message>
        <location filename="../models/src/display_names.cpp" line="185"/>
        <source>¥%1</source>
        <translation>¥%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="19"/>
        <source>%n passenger(s)</source>
        <translation>
            <numerusform>%n 名乘客</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="23"/>
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>空闲 %n 个座位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="43"/>
        <source>%1 (changing at %2)</source>
        <translation>%1（在 %2 换座）</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="84"/>
        <source>with %n seat change(s): %1</source>
        <translation>
            <numerusform>换座 %n 次：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="87"/>
        <source>seat(s) %1</source>
        <translation>
            <numerusform>座位 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="89"/>
        <source>standing: no seat free on %1</source>
        <translation>无座：%1 没有空闲座位</translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="91"/>
        <source>%1, rank %2 in %3; %4; the earliest servable in queue order; served on option %5 (%6 %7), %8</source>
        <translation>%1，在 %3 中排第 %2 位；%4；按队列顺序最早可兑现；按第 %5 个选项（%6 %7）兑现，%8</translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="99"/>
        <source>%1; %2 on %3 (%4)</source>
        <translation>%1；%3 %2（%4）</translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="106"/>
        <source>%1 on %2 (%3)</source>
        <translation>%2 %1（%3）</translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="111"/>
        <source>%1 has left %2</source>
        <translation>%1 已驶离 %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="114"/>
        <source>no chain of at most %n seat change(s) seats %1</source>
        <translation>
            <numerusform>换座不超过 %n 次也无法安排%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/trace_reasons.cpp" line="117"/>
        <source>no chain of at most %n seat change(s): %1 has %2</source>
        <translation>
            <numerusform>换座不超过 %n 次也无法安排：%1 %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="125"/>
        <source>%1; %2; waits in its queues</source>
        <translation>%1；%2；在其队列中等待</translation>
    </message>
    <message>
        <location filename="../models/src/trace_reasons.cpp" line="128"/>
        <source>fails: %1 travels on %2 %3 %4 (ticket %5) at an overlapping time on every option with seats</source>
        <translation>兑现失败：%1 已购 %2 %3 %4（车票 %5），与每个有座选项的时间重叠</translation>
    </message>
</context>
<context>
    <name>houbu::EmbeddedSession</name>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="1210"/>
        <source>Embedded · in memory</source>
        <translation>嵌入式 · 内存</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="1210"/>
        <source>Embedded · %1</source>
        <translation>嵌入式 · %1</translation>
    </message>
</context>
<context>
    <name>houbu::EmbeddedWorker</name>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="66"/>
        <source>Opening the store</source>
        <translation>正在打开存储</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="107"/>
        <source>Reading the log</source>
        <translation>正在读取日志</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="130"/>
        <source>The log&apos;s history cannot be read: %1</source>
        <translation>无法读取日志的历史：%1</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="135"/>
        <source>The log&apos;s history: %1</source>
        <translation>日志历史：%1</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="264"/>
        <location filename="../session/src/embedded_session.cpp" line="613"/>
        <location filename="../session/src/embedded_session.cpp" line="683"/>
        <source>No engine is open.</source>
        <translation>未打开引擎。</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="505"/>
        <source>Loading cancelled after %1 of %2 lines.</source>
        <translation>已在 %2 行中的第 %1 行后取消加载。</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="508"/>
        <location filename="../session/src/embedded_session.cpp" line="527"/>
        <source>Loading scenario</source>
        <translation>正在加载场景</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="568"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="583"/>
        <source>Journal exported to %1</source>
        <translation>日志已导出到 %1</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="592"/>
        <source>Replaying the journal</source>
        <translation>正在回放日志</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="604"/>
        <source>Replaying under both policies</source>
        <translation>正在按两种策略回放</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="620"/>
        <source>Event %1 is not in the journal.</source>
        <translation>事件 %1 不在日志中。</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="628"/>
        <source>Line %1 is not a command of this session.</source>
        <translation>第 %1 行不是本会话的命令。</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="961"/>
        <source>Step mode and the engine disagree on line %1; the engine&apos;s events are kept.</source>
        <translation>单步模式与引擎在第 %1 行的结果不一致；以引擎的事件为准。</translation>
    </message>
</context>
<context>
    <name>houbu::ErrorSentence</name>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="11"/>
        <source>The command is not valid: a field is missing, malformed or out of range.</source>
        <translation>命令无效：某个字段缺失、格式不对或超出范围。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="15"/>
        <source>The command&apos;s time is before the engine&apos;s clock, which only moves forward.</source>
        <translation>命令的时间早于引擎时钟，而时钟只能向前推进。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="19"/>
        <source>This id is already used by a different command: choose another id.</source>
        <translation>此编号已被另一条不同的命令使用：请换一个编号。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="23"/>
        <source>There is no such train run on that date.</source>
        <translation>该日期没有这个车次。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="26"/>
        <source>The train does not stop at that station.</source>
        <translation>该车次不停靠这个车站。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="29"/>
        <source>The train has no car of that class.</source>
        <translation>该车次没有这个席别的车厢。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="32"/>
        <source>There is no such seat on this train.</source>
        <translation>本车次没有这个席位。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="35"/>
        <source>There is no sale with that id.</source>
        <translation>没有这个编号的售票。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="38"/>
        <source>There is no ticket with that id.</source>
        <translation>没有这个编号的车票。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="41"/>
        <source>There is no waitlist order with that id.</source>
        <translation>没有这个编号的候补订单。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="44"/>
        <source>There is no quota block with that id.</source>
        <translation>没有这个编号的预留。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="47"/>
        <source>The boarding station must come before the alighting station.</source>
        <translation>上车站必须在下车站之前。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="51"/>
        <source>This train run is defined already.</source>
        <translation>这个车次已经定义过了。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="54"/>
        <source>A car with this number already runs on this train.</source>
        <translation>本车次已有这个编号的车厢。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="57"/>
        <source>A chosen seat belongs to another class.</source>
        <translation>所选席位属于其他席别。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="60"/>
        <source>A chosen seat is taken on part of the interval.</source>
        <translation>所选席位在区间的某一段已被占用。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="63"/>
        <source>Not enough seats are free over the interval: a waitlist order can wait for one.</source>
        <translation>该区间空闲席位不足：可以提交候补订单等待。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="68"/>
        <source>A passenger is named twice, or already travels at an overlapping time.</source>
        <translation>有乘客被重复列出，或已在重叠的时间乘车。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="72"/>
        <source>The sale was not paid in time: its hold expired.</source>
        <translation>该售票未按时支付：占座已过期。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="75"/>
        <source>The sale has nothing to pay: it was refunded before payment.</source>
        <translation>该售票无需支付：支付前已退票。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="79"/>
        <source>There is no live ticket to refund or reschedule.</source>
        <translation>没有可退票或改签的有效车票。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="82"/>
        <source>Only a paid ticket can be rescheduled: pay or refund it first.</source>
        <translation>只有已支付的车票才能改签：请先支付或退票。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="86"/>
        <source>A ticket on this seat reaches beyond the interval: release its whole interval.</source>
        <translation>该席位上的车票超出此区间：请释放它的整个区间。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="90"/>
        <source>A quota block on this seat reaches beyond the interval: release its whole interval.</source>
        <translation>该席位上的预留超出此区间：请释放它的整个区间。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="94"/>
        <source>Nothing holds this seat over the interval.</source>
        <translation>该席位在此区间内没有被占用。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="97"/>
        <source>The order&apos;s deadline is not after the clock.</source>
        <translation>订单的截止时间不晚于当前时钟。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="100"/>
        <source>Every option&apos;s train has already left the boarding station.</source>
        <translation>所有选项的列车都已从上车站发车。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="104"/>
        <source>The order is closed: it was cancelled, served or has expired.</source>
        <translation>订单已关闭：已取消、已兑现或已过期。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="108"/>
        <source>The user already has as many open waitlist orders as the rules allow.</source>
        <translation>该用户未完成的候补订单已达规则允许的上限。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="112"/>
        <source>The waitlist of this class is full or closed (its cap is reached).</source>
        <translation>该席别候补人数已满或已关闭（已达上限）。</translation>
    </message>
    <message>
        <location filename="../models/src/error_sentences.cpp" line="116"/>
        <source>The engine refused the command.</source>
        <translation>引擎拒绝了该命令。</translation>
    </message>
</context>
<context>
    <name>houbu::EventExplanation</name>
    <message>
        <location filename="../session/src/explanation.cpp" line="23"/>
        <source>Line %1 is not a command the engine applied.</source>
        <translation>第 %1 行不是引擎应用过的命令。</translation>
    </message>
</context>
<context>
    <name>houbu::EventLogModel</name>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="100"/>
        <source>prepay %1 by %2</source>
        <translation>%2 前预付 %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/event_log_model.cpp" line="104"/>
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>余 %n 座</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="106"/>
        <source>%1 % likely served by %2 (90 % interval %3–%4 %)</source>
        <translation>%2 前兑现概率 %1%（90% 区间 %3–%4%）</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="114"/>
        <source>%1 %2 %3: rank %4</source>
        <translation>%1 %2 %3：第 %4 名</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="130"/>
        <source>%1 (preview)</source>
        <translation>%1（预演）</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="190"/>
        <source>Who sent the command: the console&apos;s user and computer, or a houbud token&apos;s name and role and the client&apos;s address (a remote console sees this with an admin token only)</source>
        <translation>谁发送了该命令：控制台的用户和计算机，或 houbud 令牌的名称、角色和客户端地址（远程控制台仅在使用管理员令牌时可见）</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="195"/>
        <source>The command&apos;s line in its input: in a scenario file, the file&apos;s line (every line counted, as houbu-cli numbers them); after that, the console&apos;s commands in the order sent</source>
        <translation>命令在其输入中的行号：场景文件中即文件的行号（与 houbu-cli 一样，每一行都计数）；此后是控制台按发送顺序编号的命令</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="202"/>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="204"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="206"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="208"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="210"/>
        <source>Train</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="212"/>
        <source>Ticket / id</source>
        <translation>车票 / 编号</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="214"/>
        <source>Sent by</source>
        <translation>发送者</translation>
    </message>
    <message>
        <location filename="../models/src/event_log_model.cpp" line="216"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>houbu::ExplanationDialog</name>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="46"/>
        <source>free over the whole run</source>
        <translation>全程空闲</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="60"/>
        <source>Why %1: no decision about it</source>
        <translation>%1：没有关于它的决定</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="63"/>
        <source>Why %1 was served</source>
        <translation>%1 为何兑现</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="65"/>
        <source>Why %1 failed</source>
        <translation>%1 为何兑现失败</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="69"/>
        <source>Why %1 was passed over</source>
        <translation>%1 为何被跳过</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="76"/>
        <source>Event %1, from %2 on %3 %4.</source>
        <translation>事件 %1，来自 %3 %4 上的%2。</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="82"/>
        <source>Applied again, this command takes no matching decision about %1.</source>
        <translation>重新应用后，此命令没有关于 %1 的匹配决定。</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="88"/>
        <source>What started the matching pass</source>
        <translation>本轮匹配因何开始</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="91"/>
        <source>Candidates in queue order</source>
        <translation>按队列顺序的候选订单</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="92"/>
        <source>The earliest effective first, then the earliest submitted; the matcher serves the first one that fits.</source>
        <translation>最早生效者在前，其次是最早提交者；匹配器兑现第一个放得下的订单。</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="100"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="104"/>
        <source>Decisions before it in this command</source>
        <translation>此命令中在它之前的决定</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="111"/>
        <source>The decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="117"/>
        <source>The matcher&apos;s reason: %1</source>
        <translation>匹配器的理由：%1</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="127"/>
        <source>The seats at that moment</source>
        <translation>当时的座位</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="138"/>
        <source>%1 of %2 seats of %3 free over %4 before the decision.</source>
        <translation>决定之前，%3 的 %2 个座位中有 %1 个在 %4 区间空闲。</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="176"/>
        <source>%1 %2 just before the decision: the freed seats&apos; free runs tinted, the seats it serves outlined.</source>
        <translation>%1 %2 在决定之前：着色的是释放座位的空闲区段，描边的是将兑现的座位。</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="221"/>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/src/explanation_dialog.cpp" line="223"/>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
</context>
<context>
    <name>houbu::ForecastCache</name>
    <message>
        <location filename="../models/src/forecast_cache.cpp" line="18"/>
        <source>No forecast here: this session cannot ask its engine for forecasts.</source>
        <translation>此处无预测：本会话无法向其引擎请求预测。</translation>
    </message>
</context>
<context>
    <name>houbu::HotQueueModel</name>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="83"/>
        <source>Place among the day&apos;s queues by waiting passengers, then orders</source>
        <translation>按候补人数（再按订单数）在全天队列中的名次</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="85"/>
        <source>Queued orders in this queue (one class, one interval)</source>
        <translation>此队列（一个席别、一个区间）中排队的订单</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="87"/>
        <source>Their passengers</source>
        <translation>这些订单的乘客</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="89"/>
        <source>Seats of the class free over the whole interval now: more than none means the queue waits on seat changes or group sizes</source>
        <translation>此席别现在在整个区间内空闲的座位：不为零说明队列在等换座或人数合适的座位</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="98"/>
        <source>#</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="100"/>
        <source>Train</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="102"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="104"/>
        <source>Class</source>
        <translation>席别</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="106"/>
        <source>Interval</source>
        <translation>区间</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="108"/>
        <source>Orders</source>
        <translation>订单</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="110"/>
        <source>Passengers</source>
        <translation>乘客</translation>
    </message>
    <message>
        <location filename="../models/src/hot_queue_model.cpp" line="112"/>
        <source>Free seats</source>
        <translation>空闲座位</translation>
    </message>
</context>
<context>
    <name>houbu::IntervalPicker</name>
    <message>
        <location filename="../app/src/dialogs/interval_picker.cpp" line="49"/>
        <source>Boarding station</source>
        <translation>上车站</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/interval_picker.cpp" line="52"/>
        <source>Alighting station: only stations after the boarding one</source>
        <translation>下车站：只能选择上车站之后的车站</translation>
    </message>
</context>
<context>
    <name>houbu::LogPager</name>
    <message numerus="yes">
        <location filename="../app/src/log_pager.cpp" line="92"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/log_pager.cpp" line="96"/>
        <source>Rows %1–%2 of %3</source>
        <translation>第 %1–%2 行，共 %3 行</translation>
    </message>
    <message>
        <location filename="../app/src/log_pager.cpp" line="101"/>
        <source>The log shows %1 rows at a time. Scroll past either end for more; Ctrl+Home goes to the oldest row, Ctrl+End to the newest.</source>
        <translation>日志每次显示 %1 行。滚动越过任一端可看到更多；Ctrl+Home 转到最早的一行，Ctrl+End 转到最新的一行。</translation>
    </message>
</context>
<context>
    <name>houbu::MainWindow</name>
    <message>
        <location filename="../app/src/main_window.cpp" line="605"/>
        <source>Houbu</source>
        <translation>候补</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="152"/>
        <source>Find seat, ticket, passenger or order (Ctrl+F)</source>
        <translation>查找席位、车票、乘客或订单 (Ctrl+F)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="153"/>
        <source>Class:</source>
        <translation>席别：</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="155"/>
        <source>Car:</source>
        <translation>车厢：</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="69"/>
        <source>Open s&amp;tore…</source>
        <translation>打开存储(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="107"/>
        <source>Ad&amp;vance clock…</source>
        <translation>推进时钟(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="209"/>
        <source>Selected: %1 %2→%3</source>
        <translation>已选：%1 %2→%3</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="310"/>
        <source>Trains</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="311"/>
        <source>Hot queues</source>
        <translation>热门队列</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="423"/>
        <source>Select a queued order to see which seats block it.</source>
        <translation>选择一个排队订单，查看是哪些席位挡住了它。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="436"/>
        <source>Queues</source>
        <translation>候补队列</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="443"/>
        <source>All events</source>
        <translation>全部事件</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="449"/>
        <source>All trains</source>
        <translation>全部车次</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="450"/>
        <source>Order id</source>
        <translation>订单号</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="451"/>
        <source>Sent by</source>
        <translation>发送者</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="453"/>
        <source>Only commands sent by this user, token, role or host</source>
        <translation>只显示由此用户、令牌、角色或主机发送的命令</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="454"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="502"/>
        <source>Matching log</source>
        <translation>匹配日志</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="507"/>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="511"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="63"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="64"/>
        <source>Open &amp;demo</source>
        <translation>打开演示(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="67"/>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="71"/>
        <source>Recent files</source>
        <translation>最近的文件</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="74"/>
        <source>Co&amp;nnect to server…</source>
        <translation>连接服务器(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="76"/>
        <source>D&amp;isconnect</source>
        <translation>断开连接(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="78"/>
        <source>&amp;Export journal as scenario…</source>
        <translation>将日志导出为场景(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="82"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="87"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="89"/>
        <source>&amp;Operations</source>
        <translation>操作(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="95"/>
        <source>&amp;Sell…</source>
        <translation>售票(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="96"/>
        <source>&amp;Block quota…</source>
        <translation>预留配额(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="97"/>
        <source>&amp;Release selection…</source>
        <translation>释放所选(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="99"/>
        <source>&amp;Waitlist order…</source>
        <translation>候补订单(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="100"/>
        <source>&amp;Prepay order…</source>
        <translation>预付订单(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="102"/>
        <source>&amp;Cancel order…</source>
        <translation>取消订单(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="104"/>
        <source>&amp;Add car…</source>
        <translation>加挂车厢(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="106"/>
        <source>&amp;Define train…</source>
        <translation>定义车次(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="110"/>
        <source>Wai&amp;tlist cap…</source>
        <translation>候补人数上限(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="112"/>
        <source>Waitlist r&amp;ules…</source>
        <translation>候补规则(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="130"/>
        <source>Release the selected seat interval (in the grid)</source>
        <translation>释放所选席位区间（席位图中）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="131"/>
        <source>Cancel the chosen order (in the queues)</source>
        <translation>取消所选订单（队列中）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="133"/>
        <source>&amp;Matching</source>
        <translation>匹配(&amp;M)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="134"/>
        <source>&amp;Pause matching</source>
        <translation>暂停匹配(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="137"/>
        <source>Step through the matching decisions of each command</source>
        <translation>逐步查看每条命令的匹配决策</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="141"/>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="145"/>
        <source>Apply the pending matching decision (F10)</source>
        <translation>应用待处理的匹配决策 (F10)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="146"/>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="150"/>
        <source>Undo the last decision by replaying the command (Shift+F10)</source>
        <translation>通过重放命令撤销上一个决策 (Shift+F10)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="151"/>
        <source>&amp;Run to the end</source>
        <translation>运行到结束(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="155"/>
        <source>Apply every pending decision and command (F5)</source>
        <translation>应用所有待处理的决策和命令 (F5)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="164"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="165"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="167"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="169"/>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="171"/>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="184"/>
        <source>&amp;Reset window layout</source>
        <translation>重置窗口布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="186"/>
        <source>&amp;Analysis</source>
        <translation>分析(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="189"/>
        <source>&amp;Replay history for charts</source>
        <translation>回放历史以生成图表(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="195"/>
        <source>&amp;Compare policies…</source>
        <translation>比较策略(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="198"/>
        <source>Replay the journal with the shown run under complete and under exact</source>
        <translation>分别在 complete 和 exact 策略下为当前车次回放日志</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="201"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="202"/>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="209"/>
        <source>&amp;Manual</source>
        <translation>使用手册(&amp;M)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="212"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="214"/>
        <source>&amp;About Houbu</source>
        <translation>关于候补(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="217"/>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="834"/>
        <source>Standing tickets (无座): %n live</source>
        <translation>
            <numerusform>无座车票：%n 张有效</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="835"/>
        <source>each class&apos;s standing load per segment is the row under its seats</source>
        <translation>各席别每个区段的无座人数见其座位下方的一行</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="846"/>
        <source>No class is capped; nobody waits.</source>
        <translation>没有席别设置上限；无人候补。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_log.cpp" line="114"/>
        <source>Refused: %1 %2</source>
        <translation>被拒绝：%1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="93"/>
        <location filename="../app/src/main_window_why.cpp" line="159"/>
        <source>%1 no longer waits in any queue of this run.</source>
        <translation>%1 已不在本车次的任何队列中等待。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="211"/>
        <source>Accepts standing: %n standing place(s) free over the interval.</source>
        <translation>
            <numerusform>接受无座：该区间有 %n 个无座空位。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="216"/>
        <source>This class is closed to new waitlist orders (cap 0); the order stays queued.</source>
        <translation>该席别已停止接受新的候补订单（上限 0）；本订单继续排队。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="219"/>
        <source>Waitlist cap %1 on this class, %2 passengers queued.</source>
        <translation>该席别候补人数上限 %1，已有 %2 人排队。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="223"/>
        <source>When seats come it fails: passenger %1 holds ticket %2 at an overlapping time (兑现失败).</source>
        <translation>有座时将兑现失败：乘车人 %1 持有时间重叠的车票 %2。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="251"/>
        <location filename="../app/src/main_window_actions.cpp" line="284"/>
        <location filename="../app/src/main_window_actions.cpp" line="286"/>
        <location filename="../app/src/main_window_explain.cpp" line="65"/>
        <source>Open a scenario or a store first</source>
        <translation>请先打开场景或存储</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="254"/>
        <source>No train is shown: open a scenario or a store first</source>
        <translation>未显示任何车次：请先打开场景或存储</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="268"/>
        <source>Release the selected seat interval (refund, timeout, reschedule or quota)</source>
        <translation>释放所选席位区间（退票、超时、改签或预留）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="270"/>
        <source>Sell tickets on the shown train</source>
        <translation>发售当前车次的车票</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="271"/>
        <source>Withhold seats as a quota block</source>
        <translation>将席位扣留为预留配额</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="272"/>
        <source>Submit a waitlist order</source>
        <translation>提交候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="273"/>
        <source>Prepay a waitlist order</source>
        <translation>预付候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="274"/>
        <source>No waitlist order awaits prepayment</source>
        <translation>没有待预付的候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="275"/>
        <source>Cancel a waitlist order</source>
        <translation>取消候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="276"/>
        <source>No waitlist order to cancel</source>
        <translation>没有可取消的候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="277"/>
        <source>Add a car (加挂) to the shown train</source>
        <translation>为当前车次加挂车厢</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="279"/>
        <source>Define a train run, by default an added one (加开) that waiting orders may accept</source>
        <translation>定义一个车次，默认为候补订单可接受的加开列车</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="281"/>
        <source>Cap the passengers queued on a class of the shown train</source>
        <translation>为当前车次的某个席别设置候补人数上限</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="283"/>
        <source>Set the waitlist limits for the orders submitted from now on</source>
        <translation>设置此后提交的候补订单所受的限制</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="285"/>
        <source>Move the logical clock forward</source>
        <translation>向前推进逻辑时钟</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="290"/>
        <source>Save the shown run&apos;s seat map as PDF or PNG</source>
        <translation>将当前车次的座位图保存为 PDF 或 PNG</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="291"/>
        <location filename="../app/src/main_window_actions.cpp" line="293"/>
        <location filename="../app/src/main_window_export.cpp" line="51"/>
        <source>No train is shown</source>
        <translation>未显示任何车次</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="292"/>
        <source>Print the shown run&apos;s seat map, with a preview first</source>
        <translation>打印当前车次的座位图（先预览）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="474"/>
        <source>%1 %2→%3</source>
        <translation>%1 %2→%3</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="480"/>
        <source>Release %1 (%2)…</source>
        <translation>释放 %1（%2）…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="490"/>
        <source>Sell %1…</source>
        <translation>发售 %1…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="493"/>
        <source>Block %1…</source>
        <translation>预留 %1…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="496"/>
        <source>Waitlist order for %1…</source>
        <translation>为 %1 提交候补订单…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="508"/>
        <source>Cancel order %1…</source>
        <translation>取消订单 %1…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="523"/>
        <source>Waitlist cap for %1…</source>
        <translation>%1 的候补人数上限…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="28"/>
        <source>viewer</source>
        <translation>查看者</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="29"/>
        <source>dispatcher</source>
        <translation>调度员</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="30"/>
        <source>admin</source>
        <translation>管理员</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="74"/>
        <source>Servers of this store: %1</source>
        <translation>此存储的服务器：%1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="83"/>
        <source>Reading the token for %1 from the system keychain…</source>
        <translation>正在从系统钥匙串读取 %1 的令牌…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="108"/>
        <source>Connected: %1</source>
        <translation>已连接：%1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="110"/>
        <source>Cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="118"/>
        <source>Connection lost, reconnecting: %1</source>
        <translation>连接中断，正在重新连接：%1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="135"/>
        <source>Disconnected from %1</source>
        <translation>已断开与 %1 的连接</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="144"/>
        <source>No engine is open: open a store or connect to a server.</source>
        <translation>未打开引擎：请打开存储或连接服务器。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="147"/>
        <source>Not connected to the server.</source>
        <translation>未连接到服务器。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="149"/>
        <source>Read-only: the server&apos;s store is unavailable since %1; it takes no commands until the store is back (views and queries still answer)</source>
        <translation>只读：服务器的存储自 %1 起不可用，恢复前不接受指令（视图和查询仍可使用）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="155"/>
        <source>Read-only: this token has the viewer role</source>
        <translation>只读：此令牌为查看者角色</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="156"/>
        <source>Read-only: this session cannot send commands.</source>
        <translation>只读：此会话无法发送命令。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="170"/>
        <source>%1: no answer</source>
        <translation>%1：无应答</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="172"/>
        <source>%1: writer</source>
        <translation>%1：写入节点</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="174"/>
        <source>%1: follower, its writer is gone or being replaced</source>
        <translation>%1：从节点，其写入节点已失联或正在被接替</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_remote.cpp" line="176"/>
        <source>%1: follower, %n row(s) behind, the last %2 ms after its commit</source>
        <translation>
            <numerusform>%1：从节点，落后 %n 行，最近一行在提交后 %2 毫秒应用</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="184"/>
        <location filename="../app/src/main_window_remote.cpp" line="212"/>
        <source>Disconnected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="186"/>
        <source>Embedded</source>
        <translation>嵌入式</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="190"/>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="194"/>
        <location filename="../app/src/main_window_remote.cpp" line="217"/>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="194"/>
        <source>Connected as %1</source>
        <translation>已以%1身份连接</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="195"/>
        <source>%1 (read-only)</source>
        <translation>%1（只读）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="199"/>
        <source>read-only: store unavailable since %1</source>
        <translation>只读：存储自 %1 起不可用</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="209"/>
        <source>Reconnecting…</source>
        <translation>正在重新连接…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="217"/>
        <source>Connected (read-only)</source>
        <translation>已连接（只读）</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="222"/>
        <source>Write the journal as a scenario file</source>
        <translation>将日志写为场景文件</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_remote.cpp" line="223"/>
        <source>Only an embedded engine&apos;s journal can be exported.</source>
        <translation>只能导出嵌入式引擎的日志。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="590"/>
        <source>in memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="611"/>
        <source>Cannot open the store</source>
        <translation>无法打开存储</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="624"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="723"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="724"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="226"/>
        <source>Matching</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="163"/>
        <source>Every mark of the grid: View ▸ Legend</source>
        <translation>席位图的全部标记：视图 ▸ 图例</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="734"/>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="735"/>
        <source>Scenarios (*.jsonl);;All files (*)</source>
        <translation>场景 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="741"/>
        <source>Open or create a store</source>
        <translation>打开或新建存储</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="742"/>
        <source>Houbu stores (*.db);;All files (*)</source>
        <translation>候补存储 (*.db);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="751"/>
        <source>Export journal as scenario</source>
        <translation>将日志导出为场景</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="751"/>
        <source>Scenarios (*.jsonl)</source>
        <translation>场景 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="816"/>
        <source>Clock %1</source>
        <translation>时钟 %1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="857"/>
        <location filename="../app/src/main_window.cpp" line="858"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="863"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_log.cpp" line="68"/>
        <source>%n event(s) applied</source>
        <translation>
            <numerusform>已应用 %n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="128"/>
        <location filename="../app/src/main_window_why.cpp" line="253"/>
        <source>Why %1 waits</source>
        <translation>%1 为何仍在等待</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="121"/>
        <source>%1 waits on %2 %3, not on the run shown.</source>
        <translation>%1 在 %2 %3 候补，不在当前显示的车次。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="126"/>
        <source>%1 is not a waiting order.</source>
        <translation>%1 不是正在候补的订单。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="170"/>
        <source>%n change(s) of seat would serve it now (同车换座).</source>
        <translation>
            <numerusform>换座 %n 次即可立即兑现（同车换座）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="173"/>
        <source>It accepts them.</source>
        <translation>该订单接受换座。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="175"/>
        <source>It accepts no change of seat.</source>
        <translation>该订单不接受换座。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="177"/>
        <source>It accepts only %n.</source>
        <translation>
            <numerusform>该订单只接受 %n 次。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="180"/>
        <source>Not even two changes of seat would serve it</source>
        <translation>即使换座两次也无法兑现</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="184"/>
        <source>segment %1</source>
        <translation>第 %1 区段</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="185"/>
        <source>%1 has %n seat(s) free.</source>
        <translation>
            <numerusform>%1 仅有 %n 个空闲席位。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="187"/>
        <source>the free pieces of seats do not join up.</source>
        <translation>空闲的席位区段无法衔接。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="195"/>
        <source>stops %1→%2</source>
        <translation>站序 %1→%2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="200"/>
        <source>The train has left %1: this option no longer serves.</source>
        <translation>列车已从%1发车：此选项不再兑现。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="205"/>
        <source>Needs %n seat(s) free over the whole interval</source>
        <translation>
            <numerusform>需要全程空闲席位 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="206"/>
        <source>%n free.</source>
        <translation>
            <numerusform>空闲 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_why.cpp" line="208"/>
        <source>Servable now: under policy exact it waits for a release of exactly this interval.</source>
        <translation>现在即可兑现：在 exact 策略下，它等待恰好这一区间的释放。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_why.cpp" line="250"/>
        <source>… and %n more seat(s)</source>
        <translation>
            <numerusform>…… 另有 %n 个席位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_actions.cpp" line="269"/>
        <source>Select a seat interval in the grid first</source>
        <translation>请先在席位图中选择一个席位区间</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="36"/>
        <source>Export seat &amp;map…</source>
        <translation>导出座位图(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="39"/>
        <source>Export q&amp;ueues as CSV…</source>
        <translation>将队列导出为 CSV(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="41"/>
        <source>Export &amp;log as CSV…</source>
        <translation>将日志导出为 CSV(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="42"/>
        <source>&amp;Print seat map…</source>
        <translation>打印座位图(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="60"/>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="71"/>
        <source>Seat map %1 %2</source>
        <translation>座位图 %1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="76"/>
        <source>Print seat map</source>
        <translation>打印座位图</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="87"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="87"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="90"/>
        <location filename="../app/src/main_window_export.cpp" line="98"/>
        <source>Export seat map</source>
        <translation>导出座位图</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="96"/>
        <source>Seat map saved to %1</source>
        <translation>座位图已保存到 %1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="102"/>
        <source>Export queues as CSV</source>
        <translation>将队列导出为 CSV</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="102"/>
        <source>Export log as CSV</source>
        <translation>将日志导出为 CSV</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="104"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="109"/>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_export.cpp" line="118"/>
        <source>The orders listed: %1 of %2 waiting; scroll a queue down to list and export more.</source>
        <translation>已导出列出的订单：等候中的 %2 个中的 %1 个；向下滚动队列可列出并导出更多。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_runs.cpp" line="48"/>
        <source>Filter: train, date</source>
        <translation>筛选：车次、日期</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_runs.cpp" line="49"/>
        <source>&amp;Waiting only</source>
        <translation>仅有候补(&amp;W)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_runs.cpp" line="51"/>
        <source>Only runs with queued waitlist orders</source>
        <translation>只显示有候补订单排队的车次</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_runs.cpp" line="103"/>
        <source>Filter: train, date, class, station</source>
        <translation>筛选：车次、日期、席别、车站</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_runs.cpp" line="110"/>
        <source>The day&apos;s longest waitlist queues over every run, most waiting passengers first. Enter or double-click shows the run and selects the queue.</source>
        <translation>全天所有车次中最长的候补队列，候补人数多者在前。按回车或双击可显示该车次并选中该队列。</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="38"/>
        <source>E&amp;xplain this fulfilment</source>
        <translation>解释此次兑现(&amp;X)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="50"/>
        <source>&amp;Copy the event as JSON</source>
        <translation>复制事件的 JSON(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="66"/>
        <source>Only an embedded engine can apply its journal again to explain an event</source>
        <translation>只有内嵌引擎才能重新应用其日志来解释事件</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="68"/>
        <source>Choose an order served, failed, considered or skipped in the matching log</source>
        <translation>请在匹配日志中选择一个已兑现、兑现失败、被考虑或被跳过的订单</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="69"/>
        <source>Why the matcher decided as it did for this order: the freed seats, the candidates in queue order and the seats at that moment (F8)</source>
        <translation>匹配器为何对此订单作出这个决定：释放的座位、按队列顺序的候选订单和当时的座位 (F8)</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="82"/>
        <source>Applying the command again…</source>
        <translation>正在重新应用命令…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="90"/>
        <source>Explain this fulfilment</source>
        <translation>解释此次兑现</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="101"/>
        <source>Export report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="103"/>
        <source>Print report…</source>
        <translation>打印报告…</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="119"/>
        <source>Save or print why %1 waits</source>
        <translation>保存或打印 %1 为何仍在等待</translation>
    </message>
    <message>
        <location filename="../app/src/main_window_explain.cpp" line="119"/>
        <source>Choose a queued order first</source>
        <translation>请先选择一个排队中的订单</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/main_window_forecasts.cpp" line="110"/>
        <source>Forecasting %1 of %n order(s)…</source>
        <translation>
            <numerusform>正在预测：已完成 %1 个，共 %n 个订单…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window_forecasts.cpp" line="117"/>
        <source>Forecasting every order on %1: %2 %</source>
        <translation>正在预测 %1 上的全部订单：%2%</translation>
    </message>
</context>
<context>
    <name>houbu::ManualDialog</name>
    <message>
        <location filename="../app/src/manual_dialog.cpp" line="23"/>
        <source>Houbu manual</source>
        <translation>候补使用手册</translation>
    </message>
</context>
<context>
    <name>houbu::OperatorDialog</name>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="102"/>
        <source>Add at least one passenger.</source>
        <translation>请至少添加一名乘客。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="104"/>
        <source>Passenger %1 has no name.</source>
        <translation>第 %1 名乘客没有姓名。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="128"/>
        <source>Add passenger</source>
        <translation>添加乘客</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="131"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="134"/>
        <source>Remove the selected passenger</source>
        <translation>移除所选乘客</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="142"/>
        <source>Add a passenger (at most 5)</source>
        <translation>添加乘客（最多 5 名）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/dialog_support.cpp" line="143"/>
        <source>At most 5 passengers travel on one order</source>
        <translation>一个订单最多 5 名乘客</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="118"/>
        <source>The command&apos;s logical time: the console clock unless you choose a later one (what falls due before it fires first).</source>
        <translation>命令的逻辑时间：默认为控制台时钟，也可选择更晚的时间（在此之前到期的事项先触发）。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="120"/>
        <source>A&amp;t:</source>
        <translation>时间(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="124"/>
        <source>Send the command to the engine</source>
        <translation>将命令发送给引擎</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="168"/>
        <source>The id of what this command creates. The same command sent again with the same id changes nothing.</source>
        <translation>此命令所创建对象的编号。以相同编号再次发送相同命令不会产生任何变化。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="270"/>
        <source>Preview: no waiting order would be served.</source>
        <translation>预演：不会兑现任何候补订单。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="275"/>
        <source>Preview: would serve %n order(s) (%1): %2.</source>
        <translation>
            <numerusform>预演：将兑现 %n 个订单（%1）：%2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="277"/>
        <source>%n passenger(s)</source>
        <translation>
            <numerusform>%n 名乘客</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="281"/>
        <source>The run&apos;s longest queue would go from %1 to %2 orders.</source>
        <translation>该车次最长的候补队列将从 %1 单变为 %2 单。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="318"/>
        <source>This connection cannot send commands.</source>
        <translation>此连接无法发送命令。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="326"/>
        <source>Sending…</source>
        <translation>正在发送…</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="347"/>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="376"/>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="379"/>
        <source>%1: applied.</source>
        <translation>%1：已执行。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="380"/>
        <source>%1: applied (%2).</source>
        <translation>%1：已执行（%2）。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="292"/>
        <source>The same command with id %1 was applied before: nothing changed. Choose another id to send it again.</source>
        <translation>编号为 %1 的相同命令此前已应用：没有任何变化。如需再次发送，请选择其他编号。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="78"/>
        <source>S&amp;tep through</source>
        <translation>逐步发送(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="81"/>
        <source>Send it paused at its first matching decision, to watch whom it serves one decision at a time (Matching ▸ Step, Back)</source>
        <translation>发送后停在第一个匹配决策处，逐个决策查看它兑现了谁（匹配 ▸ 单步、后退）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="295"/>
        <source>Done already for %1 (duplicate): nothing changed.</source>
        <translation>%1 已处理过（重复）：没有任何变化。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/operator_dialog.cpp" line="352"/>
        <source>The engine refused the command: %1</source>
        <translation>引擎拒绝了该命令：%1</translation>
    </message>
</context>
<context>
    <name>houbu::OrderCommandDialog</name>
    <message>
        <location filename="../app/src/dialogs/order_command_dialog.cpp" line="65"/>
        <source>&amp;Order:</source>
        <translation>订单(&amp;O)：</translation>
    </message>
</context>
<context>
    <name>houbu::PolicyComparisonDialog</name>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="34"/>
        <source>Compare policies · %1 %2</source>
        <translation>比较策略 · %1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="37"/>
        <source>Replaying the journal under both policies…</source>
        <translation>正在按两种策略回放日志…</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="42"/>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="43"/>
        <source>complete, with seat changes</source>
        <translation>complete，允许换座</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="44"/>
        <source>exact, with seat changes</source>
        <translation>exact，允许换座</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="46"/>
        <source>Replayed with every waitlist order on this run accepting one seat change (同车换座) where it accepted none</source>
        <translation>重放时，本车次上原本不接受换座的候补订单均改为接受换座一次（同车换座）</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="49"/>
        <source>Orders served</source>
        <translation>兑现订单数</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="49"/>
        <source>Passengers served</source>
        <translation>兑现乘客数</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="50"/>
        <source>Ticket seat-km</source>
        <translation>车票席位公里</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="50"/>
        <source>Orders still waiting</source>
        <translation>仍在等待的订单</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="60"/>
        <source>Served only under &amp;complete:</source>
        <translation>仅在 complete 下兑现(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="62"/>
        <source>Served only under &amp;exact:</source>
        <translation>仅在 exact 下兑现(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../app/src/policy_comparison.cpp" line="91"/>
        <source>The same commands replayed with the run&apos;s policy set to each; the run was defined with &lt;b&gt;%1&lt;/b&gt;. Other runs keep their own policy.</source>
        <translation>将本车次的策略分别设为两种策略，回放相同的命令；本车次定义时使用 &lt;b&gt;%1&lt;/b&gt;。其他车次保持各自的策略。</translation>
    </message>
</context>
<context>
    <name>houbu::PrepayDialog</name>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="47"/>
        <source>Prepay a waitlist order</source>
        <translation>预付候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="51"/>
        <source>%1, due by %2</source>
        <translation>%1，%2 前支付</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="55"/>
        <source>Orders awaiting prepayment; any order id may be typed</source>
        <translation>待预付的订单；也可输入任意订单号</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="55"/>
        <source>Prepayment:</source>
        <translation>预付款：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="56"/>
        <source>unknown: the engine checks the order</source>
        <translation>未知：由引擎核对该订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="57"/>
        <source>&amp;Prepay</source>
        <translation>预付(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/prepay_dialog.cpp" line="45"/>
        <source>Choose the order to prepay.</source>
        <translation>请选择要预付的订单。</translation>
    </message>
</context>
<context>
    <name>houbu::QueueModel</name>
    <message numerus="yes">
        <location filename="../app/src/main_window.cpp" line="352"/>
        <location filename="../models/src/queue_model.cpp" line="163"/>
        <source>%n waiting</source>
        <translation>
            <numerusform>%n 人等待</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/main_window.cpp" line="355"/>
        <location filename="../models/src/queue_model.cpp" line="271"/>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="157"/>
        <source>%1  %2  (from rank %3)</source>
        <translation>%1  %2  （自第 %3 名起）</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/queue_model.cpp" line="166"/>
        <source>Queue %1 %2: %n order(s) in rank order</source>
        <translation>
            <numerusform>队列 %1 %2：按名次排列的 %n 个订单</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/queue_model.cpp" line="168"/>
        <source>%n passenger(s) waiting</source>
        <translation>
            <numerusform>%n 名乘客等候</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="170"/>
        <source>Ranks %1 to %2 are listed; more as you scroll up or down.</source>
        <translation>列出第 %1 至 %2 名；向上或向下滚动时列出更多。</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="174"/>
        <source>Its orders are listed when it comes into view.</source>
        <translation>滚动到此队列时列出其订单。</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="178"/>
        <source>The first %1 are listed; more as you scroll down.</source>
        <translation>列出前 %1 个；向下滚动时列出更多。</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="230"/>
        <source>standing accepted</source>
        <translation>接受无座</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="231"/>
        <source>added trains accepted</source>
        <translation>接受新增列车</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="239"/>
        <source>Order %1 of user %2, %3, rank %4 in this queue</source>
        <translation>用户 %2 的订单 %1，%3，在本队列排第 %4 名</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="279"/>
        <source>The forecast for %1 is on its way.</source>
        <translation>%1 的预测正在计算。</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="282"/>
        <source>Served by %1 with probability %2 % (90 % interval %3–%4 %)</source>
        <translation>%1 前兑现概率 %2%（90% 区间 %3–%4%）</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="287"/>
        <source>Forecast with every order queued on this run at once; its options on other runs judged from its place here.</source>
        <translation>与本车次排队的全部订单一起预测；其在其他车次上的选项按它在这里的位置估计。</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="289"/>
        <source>Forecast of this order alone, its options on other runs simulated too.</source>
        <translation>单独预测此订单，并模拟其在其他车次上的选项。</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="292"/>
        <source>Forecast before the last change; a new one follows.</source>
        <translation>这是最近一次变化之前的预测；新的预测随后就到。</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/queue_model.cpp" line="301"/>
        <source>How likely each order is to be served within %n minute(s) (or before it expires, if sooner), as the engine forecasts it: for every order of the run at once, and again on its own for the orders in view. Click to sort.</source>
        <translation>
            <numerusform>引擎预测的各订单在 %n 分钟内（若失效更早，则在失效前）兑现的概率（候补兑现概率）：一次性预测本车次的全部订单，并为视图中的订单再逐个预测。点击可排序。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="309"/>
        <source>Queue / order</source>
        <translation>队列 / 订单</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="311"/>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="313"/>
        <source>Ahead</source>
        <translation>前方人数</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="315"/>
        <source>Level</source>
        <translation>排队情况</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="317"/>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="319"/>
        <source>Passengers</source>
        <translation>乘客</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="321"/>
        <source>Effective</source>
        <translation>生效时间</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="323"/>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <location filename="../models/src/queue_model.cpp" line="325"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
</context>
<context>
    <name>houbu::ReleaseDialog</name>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="47"/>
        <source>Release — %1</source>
        <translation>释放 — %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="51"/>
        <source>&amp;Seat interval</source>
        <translation>席位区间(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="53"/>
        <source>Every ticket and block on one seat within an interval</source>
        <translation>某一席位在区间内的所有车票和预留</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="54"/>
        <source>Quota &amp;block</source>
        <translation>预留配额(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="56"/>
        <source>A whole quota block, by its id</source>
        <translation>按编号释放整个预留配额</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="63"/>
        <source>Release:</source>
        <translation>释放：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="81"/>
        <source>Refund (退票)</source>
        <translation>退票</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="82"/>
        <source>Payment timeout</source>
        <translation>支付超时</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="83"/>
        <source>Reschedule (改签)</source>
        <translation>改签</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="84"/>
        <source>Quota returned (预留释放)</source>
        <translation>预留释放</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="85"/>
        <source>Recorded as the source of the released inventory</source>
        <translation>记录为所释放席位的来源</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="89"/>
        <source>S&amp;eat:</source>
        <translation>席位(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="90"/>
        <source>&amp;Interval:</source>
        <translation>区间(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="91"/>
        <source>Reas&amp;on:</source>
        <translation>原因(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="92"/>
        <source>Releases:</source>
        <translation>将释放：</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/release_dialog.cpp" line="116"/>
        <source>%1 · %2 · %3→%4 · %n seat(s)</source>
        <translation>
            <numerusform>%1 · %2 · %3→%4 · %n 个席位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="119"/>
        <source>B&amp;lock:</source>
        <translation>预留(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="150"/>
        <source>&amp;Release</source>
        <translation>释放(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="165"/>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="169"/>
        <source>No train is shown: open a scenario or a store first.</source>
        <translation>未显示任何车次：请先打开场景或存储。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="171"/>
        <source>There is no quota block on %1.</source>
        <translation>%1 上没有预留配额。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/release_dialog.cpp" line="174"/>
        <source>Enter a seat, e.g. 03-12A.</source>
        <translation>请输入席位，例如 03-12A。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/release_dialog.cpp" line="199"/>
        <source>Released %n seat interval(s).</source>
        <translation>
            <numerusform>已释放 %n 个席位区间。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/release_dialog.cpp" line="200"/>
        <source>%n waitlist order(s) served.</source>
        <translation>
            <numerusform>已兑现 %n 个候补订单。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::RemoteSession</name>
    <message>
        <location filename="../session/src/remote_session.cpp" line="91"/>
        <source>%1 (HTTP %2)</source>
        <translation>%1（HTTP %2）</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="92"/>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="98"/>
        <source>Remote · %1</source>
        <translation>远程 · %1</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="99"/>
        <source>Remote · %1 (%2)</source>
        <translation>远程 · %1（%2）</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="269"/>
        <source>The event stream was refused: %1</source>
        <translation>事件流被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="306"/>
        <source>The server sent an event this console cannot read: %1</source>
        <translation>服务器发来本控制台无法读取的事件：%1</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="340"/>
        <source>Connection lost; retrying in %1 ms</source>
        <translation>连接中断；%1 毫秒后重试</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="341"/>
        <source>Connection lost (%1); retrying in %2 ms</source>
        <translation>连接中断（%1）；%2 毫秒后重试</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="347"/>
        <location filename="../session/src/remote_session.cpp" line="425"/>
        <source>Not connected to a server.</source>
        <translation>未连接到服务器。</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="351"/>
        <location filename="../session/src/remote_session.cpp" line="427"/>
        <source>This connection is read-only (role %1).</source>
        <translation>此连接为只读（角色 %1）。</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="366"/>
        <source>The server did not apply the commands: %1</source>
        <translation>服务器未执行这些命令：%1</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="439"/>
        <source>The server did not apply the command: %1</source>
        <translation>服务器未执行该命令：%1</translation>
    </message>
    <message>
        <location filename="../session/src/remote_session.cpp" line="447"/>
        <source>The server&apos;s answer cannot be read: %1</source>
        <translation>无法读取服务器的应答：%1</translation>
    </message>
</context>
<context>
    <name>houbu::RunListModel</name>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="82"/>
        <source>no seat free</source>
        <translation>无空座</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="107"/>
        <source>Seat-segments held (tickets and blocks) over seat-segments offered</source>
        <translation>已占席位区段（车票与预留）占提供席位区段的比例</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="109"/>
        <source>Queued waitlist orders with an option on this run</source>
        <translation>选项包含本车次的排队候补订单数</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="111"/>
        <source>The passengers of those queued orders</source>
        <translation>这些排队订单的乘客人数</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="113"/>
        <source>Seats free on an average segment of the route (seat-segments not held over segments)</source>
        <translation>全程平均每个区段的空闲座位（未占用的座位区段数除以区段数）</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="117"/>
        <source>Queued passengers per free seat: how far the waitlist outruns what is left to sell</source>
        <translation>每个空闲座位对应的候补乘客：候补需求超出余票的程度</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="121"/>
        <source>Orders in the run&apos;s longest queue (one class, one interval)</source>
        <translation>该车次最长队列（一个席别、一个区间）中的订单数</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="128"/>
        <source>Train</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="130"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="132"/>
        <source>Stops</source>
        <translation>站数</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="134"/>
        <source>Seats</source>
        <translation>席位</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="136"/>
        <source>Load</source>
        <translation>客座率</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="138"/>
        <source>Queued</source>
        <translation>排队</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="140"/>
        <source>Passengers</source>
        <translation>乘客</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="142"/>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="145"/>
        <source>Per free
seat</source>
        <translation>每空座
候补</translation>
    </message>
    <message>
        <location filename="../models/src/run_list_model.cpp" line="147"/>
        <source>Longest
queue</source>
        <translation>最长
队列</translation>
    </message>
</context>
<context>
    <name>houbu::SeatGridHeader</name>
    <message>
        <location filename="../widgets/src/seat_grid_header.cpp" line="38"/>
        <location filename="../widgets/src/seat_grid_header.cpp" line="51"/>
        <source>Standing</source>
        <translation>无座</translation>
    </message>
</context>
<context>
    <name>houbu::SeatGridModel</name>
    <message>
        <location filename="../models/src/seat_grid_model.cpp" line="101"/>
        <source>%1 · %2
Free</source>
        <translation>%1 · %2
空闲</translation>
    </message>
    <message>
        <location filename="../models/src/seat_grid_model.cpp" line="105"/>
        <source>%1 · %2
Quota block %3</source>
        <translation>%1 · %2
预留 %3</translation>
    </message>
    <message>
        <location filename="../models/src/seat_grid_model.cpp" line="107"/>
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
        <location filename="../models/src/seat_grid_model.cpp" line="111"/>
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
        <location filename="../models/src/seat_grid_model.cpp" line="115"/>
        <source>%1 · %2
Ticket %3, served from the waitlist
Passenger %4
Order %5</source>
        <translation>%1 · %2
车票 %3，候补兑现
乘客 %4
候补订单 %5</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/seat_grid_model.cpp" line="120"/>
        <source>Changes seat (同车换座), %n change(s):</source>
        <translation>
            <numerusform>同车换座，换座 %n 次：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/src/seat_grid_model.cpp" line="144"/>
        <source>Seat %1, car %2, %3</source>
        <translation>席位 %1，%2 号车厢，%3</translation>
    </message>
</context>
<context>
    <name>houbu::SeatGroups</name>
    <message>
        <location filename="../widgets/src/seat_groups.cpp" line="30"/>
        <source>Car %1 · %2</source>
        <translation>%1 号车厢 · %2</translation>
    </message>
</context>
<context>
    <name>houbu::SeatLegend</name>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="61"/>
        <source>paid</source>
        <translation>已支付</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="63"/>
        <source>held, awaiting payment (hatched)</source>
        <translation>占座，待支付（斜线）</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="65"/>
        <source>served from the waitlist</source>
        <translation>候补兑现</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="67"/>
        <source>quota block (cross-hatched)</source>
        <translation>预留配额（交叉线）</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="69"/>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="71"/>
        <source>dashed outline: why the chosen order waits, or the chosen event&apos;s seats</source>
        <translation>虚线框：所选订单等待的原因，或所选事件涉及的席位</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="73"/>
        <source>green tint: seats just freed (step mode)</source>
        <translation>绿色底：刚释放的席位（单步模式）</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="75"/>
        <source>thick outline: the seats of the next decision (step mode)</source>
        <translation>粗框：下一步决定涉及的席位（单步模式）</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="77"/>
        <source>yellow frame: just changed</source>
        <translation>黄色框：刚发生变化</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="79"/>
        <source>selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="81"/>
        <source>band: a new car, with its number and class</source>
        <translation>横条：新车厢，标有车厢号和席别</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="83"/>
        <source>dark band: a new class begins</source>
        <translation>深色横条：新席别开始</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="85"/>
        <source>standing row (无座) under a class&apos;s seats: standing passengers on the segment / places</source>
        <translation>座位下方的无座行：该区段的无座人数 / 无座定员</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="89"/>
        <source>standing row, a segment with no standing place left</source>
        <translation>无座行：该区段已无无座定员</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="97"/>
        <source>held, awaiting payment</source>
        <translation>占座，待支付</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="99"/>
        <source>quota block</source>
        <translation>预留配额</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="101"/>
        <source>outlined</source>
        <translation>框出</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="103"/>
        <source>just freed</source>
        <translation>刚释放</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="105"/>
        <source>next decision</source>
        <translation>下一步决定</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="107"/>
        <source>car</source>
        <translation>车厢</translation>
    </message>
    <message>
        <location filename="../widgets/src/seat_legend.cpp" line="109"/>
        <source>class</source>
        <translation>席别</translation>
    </message>
</context>
<context>
    <name>houbu::SeatMapExport</name>
    <message>
        <location filename="../app/src/seat_map_export.cpp" line="108"/>
        <location filename="../app/src/seat_map_export.cpp" line="260"/>
        <source>Standing</source>
        <translation>无座</translation>
    </message>
    <message>
        <location filename="../app/src/seat_map_export.cpp" line="204"/>
        <source>Seat map %1 %2  %3</source>
        <translation>座位图 %1 %2  %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/seat_map_export.cpp" line="210"/>
        <source>Clock %1 · %n seat(s) · made %2</source>
        <translation>
            <numerusform>时钟 %1 · %n 个席位 · 制作于 %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/seat_map_export.cpp" line="296"/>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../app/src/seat_map_export.cpp" line="327"/>
        <source>Seat map %1 %2</source>
        <translation>座位图 %1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/seat_map_export.cpp" line="330"/>
        <location filename="../app/src/seat_map_export.cpp" line="358"/>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>houbu::SeatMapPreview</name>
    <message>
        <location filename="../app/src/dialogs/seat_map_preview.cpp" line="52"/>
        <source>%1 rows × %2 seats a row = %3 seats</source>
        <translation>%1 排 × 每排 %2 座 = %3 个席位</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/seat_map_preview.cpp" line="77"/>
        <source>Enter the rows and the seat letters to see the car.</source>
        <translation>输入排数和座位字母即可预览车厢。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/seat_map_preview.cpp" line="143"/>
        <source>%1 seats · window seats tinted · aisle dashed</source>
        <translation>%1 个席位 · 着色为靠窗座位 · 虚线为过道</translation>
    </message>
</context>
<context>
    <name>houbu::SellDialog</name>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="47"/>
        <source>Sell — %1</source>
        <translation>售票 — %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="53"/>
        <source>Passenger</source>
        <translation>乘客</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="53"/>
        <source>Seat (optional)</source>
        <translation>席位（可选）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="55"/>
        <source>1 to 5 passengers. Give every passenger a seat, or none to let the engine choose adjacent seats.</source>
        <translation>1 至 5 名乘客。为每名乘客指定席位，或全部不指定，由引擎选择相邻席位。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="63"/>
        <source>I&amp;d:</source>
        <translation>编号(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="64"/>
        <source>&amp;Interval:</source>
        <translation>区间(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="65"/>
        <source>&amp;Class:</source>
        <translation>席别(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="66"/>
        <source>&amp;Passengers:</source>
        <translation>乘客(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="67"/>
        <source>Pre&amp;fer:</source>
        <translation>偏好(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="68"/>
        <source>Free:</source>
        <translation>空闲：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="69"/>
        <source>Standin&amp;g tickets (无座), no seat</source>
        <translation>无座票，不占座位(&amp;G)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="72"/>
        <source>Sell standing places of the class instead of seats: every segment of the interval must have places for all the passengers</source>
        <translation>发售该席别的无座而非座位：区间内每个区段都须有足够全部乘客的无座名额</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="82"/>
        <source>%n seat(s) of this class free over the interval</source>
        <translation>
            <numerusform>该席别在此区间内有 %n 个空闲席位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="102"/>
        <source>&amp;Sell</source>
        <translation>售票(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="107"/>
        <source>&amp;Waitlist instead…</source>
        <translation>改为候补(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="111"/>
        <source>Sold out: open a waitlist order (候补) for these passengers over this interval, accepting one change of seat</source>
        <translation>已售罄：为这些旅客在此区间提交候补订单（候补），接受换座一次</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="142"/>
        <source>No preference</source>
        <translation>无偏好</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="143"/>
        <source>Window</source>
        <translation>靠窗</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="144"/>
        <source>Aisle</source>
        <translation>过道</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="152"/>
        <source>Seat letter %1</source>
        <translation>座位字母 %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="161"/>
        <source>No train is shown: open a scenario or a store first.</source>
        <translation>未显示任何车次：请先打开场景或存储。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="162"/>
        <source>Enter an id for the sale.</source>
        <translation>请输入售票编号。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="163"/>
        <source>This run has no class to sell.</source>
        <translation>本车次没有可发售的席别。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="170"/>
        <source>Give every passenger a seat, or none to let the engine choose.</source>
        <translation>请为每名乘客指定席位，或全部不指定，由引擎选择。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="202"/>
        <source>Note: this hold runs until %1, past the train&apos;s departure from %2 at %3. The engine allows it: ask for payment before the train leaves.</source>
        <translation>注意：此占座保留到 %1，晚于列车从 %2 发车的时间 %3。引擎允许这样做：请在开车前收款。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/sell_dialog.cpp" line="216"/>
        <source>Sale %1: %n ticket(s) held (%2), payable until %3.</source>
        <translation>
            <numerusform>订单 %1：已占座 %n 张车票（%2），请在 %3 前支付。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::Session</name>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="1214"/>
        <location filename="../session/src/embedded_session.cpp" line="1238"/>
        <source>This session cannot replay its journal.</source>
        <translation>此会话无法回放其日志。</translation>
    </message>
    <message>
        <location filename="../session/src/embedded_session.cpp" line="1252"/>
        <source>Only an embedded engine can apply its journal again.</source>
        <translation>只有内嵌引擎才能重新应用其日志。</translation>
    </message>
</context>
<context>
    <name>houbu::SettingsDialog</name>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="19"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="23"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="27"/>
        <location filename="../app/src/settings_dialog.cpp" line="41"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="33"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="34"/>
        <source>The new language applies when the console starts again.</source>
        <translation>新语言将在控制台下次启动时生效。</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="42"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="43"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="45"/>
        <source>&amp;Colours:</source>
        <translation>配色(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="48"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="50"/>
        <source>&amp;Reset window layout</source>
        <translation>重置窗口布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="51"/>
        <source>Put the docks and toolbars back where they start</source>
        <translation>将停靠窗口和工具栏恢复到初始位置</translation>
    </message>
    <message>
        <location filename="../app/src/settings_dialog.cpp" line="52"/>
        <source>Clear recent &amp;files</source>
        <translation>清除最近的文件(&amp;F)</translation>
    </message>
</context>
<context>
    <name>houbu::ShortcutsDialog</name>
    <message>
        <location filename="../app/src/shortcuts_dialog.cpp" line="70"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../app/src/shortcuts_dialog.cpp" line="73"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../app/src/shortcuts_dialog.cpp" line="73"/>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location filename="../app/src/shortcuts_dialog.cpp" line="73"/>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <location filename="../app/src/shortcuts_dialog.cpp" line="84"/>
        <source>in the view that has the focus</source>
        <translation>在拥有焦点的视图中</translation>
    </message>
</context>
<context>
    <name>houbu::StandingTicketModel</name>
    <message>
        <location filename="../models/src/standing_ticket_model.cpp" line="65"/>
        <source>Ticket</source>
        <translation>车票</translation>
    </message>
    <message>
        <location filename="../models/src/standing_ticket_model.cpp" line="67"/>
        <source>Passenger</source>
        <translation>旅客</translation>
    </message>
    <message>
        <location filename="../models/src/standing_ticket_model.cpp" line="69"/>
        <source>Class</source>
        <translation>席别</translation>
    </message>
    <message>
        <location filename="../models/src/standing_ticket_model.cpp" line="71"/>
        <source>Interval</source>
        <translation>区间</translation>
    </message>
    <message>
        <location filename="../models/src/standing_ticket_model.cpp" line="73"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../models/src/standing_ticket_model.cpp" line="75"/>
        <source>Sale or order</source>
        <translation>订单或候补订单</translation>
    </message>
</context>
<context>
    <name>houbu::StepPanel</name>
    <message>
        <location filename="../app/src/step_panel.cpp" line="29"/>
        <source>stops %1→%2</source>
        <translation>站序 %1→%2</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="47"/>
        <source>Line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="39"/>
        <source>single</source>
        <translation>单人</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="39"/>
        <source>group of %1</source>
        <translation>%1 人同行</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="132"/>
        <source>%1 fails: passenger %2 travels at an overlapping time on every option with seats; the order leaves the waitlist and its prepayment is refunded</source>
        <translation>%1 兑现失败：乘车人 %2 在每个有座的选项上都有时间重叠的行程；订单退出候补，预付款退还</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="136"/>
        <source>%1 served standing on %2 (%3): no seat free, the order accepts standing</source>
        <translation>%1 以无座兑现 %2（%3）：没有空座，该订单接受无座</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="148"/>
        <source>stop %1</source>
        <translation>第 %1 站</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="151"/>
        <source>%1 (changing at %2)</source>
        <translation>%1（在 %2 换座）</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="154"/>
        <source>%1 served with %n seat change(s) on %2 (%3 %4): %5</source>
        <translation>
            <numerusform>%1 已兑现，换座 %n 次：%2（%3 %4）：%5</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="162"/>
        <source>%1 served on %2 %3 (%4 %5)</source>
        <translation>%1 已兑现：%2 %3（%4 %5）</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="167"/>
        <source>%1 skipped: no option has enough free seats; it waits in its queues</source>
        <translation>跳过 %1：没有任何选项有足够的空闲席位；继续在其队列中等待</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="168"/>
        <source>%1 skipped: only %n seat(s) free on %2 (%3)</source>
        <translation>
            <numerusform>跳过 %1：%2（%3）仅有 %n 个空闲席位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="185"/>
        <source>%1: no queued order is a candidate, nothing to decide; applied.</source>
        <translation>%1：没有候选的排队订单，无需决定；已执行。</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="191"/>
        <source>&lt;b&gt;Matching paused.&lt;/b&gt; The next command that frees seats or queues an order stops before its first matching decision.</source>
        <translation>&lt;b&gt;匹配已暂停。&lt;/b&gt;下一条释放席位或使订单排队的命令将在其第一个匹配决策前停下。</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="194"/>
        <source>&lt;b&gt;Matching runs.&lt;/b&gt;</source>
        <translation>&lt;b&gt;匹配运行中。&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="79"/>
        <source>effective %1</source>
        <translation>%1 生效</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="225"/>
        <source>Candidates in queue order (the earliest effective first, then the earliest submitted): %1</source>
        <translation>按队列顺序的候选订单（最早生效者在前，其次是最早提交者）：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/step_panel.cpp" line="207"/>
        <source>%n more command(s) waiting</source>
        <translation>
            <numerusform>另有 %n 条命令等待中</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="211"/>
        <source>&lt;b&gt;Decision %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;决策 %1：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="61"/>
        <source>%1 %2 (free run %3)</source>
        <translation>%1 %2（连续空闲 %3）</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="64"/>
        <source>Freed: %1</source>
        <translation>已释放：%1</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="67"/>
        <source>Added car: new %1 seats on %2 %3</source>
        <translation>加挂车厢：%2 %3 新增 %1 席位</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="70"/>
        <source>Order %1 became effective</source>
        <translation>订单 %1 已生效</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="227"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/src/step_panel.cpp" line="234"/>
        <source>Applied:</source>
        <translation>已应用：</translation>
    </message>
</context>
<context>
    <name>houbu::TextReport</name>
    <message>
        <location filename="../app/src/text_report.cpp" line="26"/>
        <source>Made %1</source>
        <translation>生成于 %1</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="55"/>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="62"/>
        <location filename="../app/src/text_report.cpp" line="68"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="75"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="75"/>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="75"/>
        <source>Text (*.txt)</source>
        <translation>文本 (*.txt)</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="77"/>
        <location filename="../app/src/text_report.cpp" line="84"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../app/src/text_report.cpp" line="97"/>
        <source>Print report</source>
        <translation>打印报告</translation>
    </message>
</context>
<context>
    <name>houbu::WaitlistCapDialog</name>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="19"/>
        <source>Waitlist cap — %1</source>
        <translation>候补人数上限 — %1</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="21"/>
        <source>The class of the shown run whose waitlist is capped</source>
        <translation>当前车次中要限制候补人数的席别</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="30"/>
        <source>At most this many passengers queued on the class, over all its intervals; 0 closes it to the waitlist (候补人数已满). Orders already queued stay.</source>
        <translation>该席别所有区间合计最多排队的旅客人数；0 表示停止候补（候补人数已满）。已在排队的订单不受影响。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="32"/>
        <source>&amp;No cap</source>
        <translation>不设上限(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="34"/>
        <source>Lift the class&apos;s cap: any number may queue</source>
        <translation>取消该席别的上限：排队人数不限</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="35"/>
        <source>&amp;Class:</source>
        <translation>席别(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="37"/>
        <source>Ca&amp;p (passengers):</source>
        <translation>上限（人数）(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="46"/>
        <source>&amp;Set cap</source>
        <translation>设置上限(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="63"/>
        <source>No train is shown: open a scenario or a store first.</source>
        <translation>未显示任何车次：请先打开场景或存储。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="64"/>
        <source>Choose a class.</source>
        <translation>请选择席别。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="77"/>
        <source>Waitlist cap lifted on %1 of %2.</source>
        <translation>已取消 %2 %1 的候补人数上限。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="79"/>
        <source>%1 of %2 is closed to the waitlist (cap 0).</source>
        <translation>%2 %1 已停止候补（上限 0）。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="80"/>
        <source>Waitlist cap %1 on %2 of %3.</source>
        <translation>%3 %2 的候补人数上限为 %1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="89"/>
        <source>Preview: no cap; any number may queue (%n passenger(s) queued now).</source>
        <translation>
            <numerusform>预演：不设上限，排队人数不限（目前 %n 名乘客在排队）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="93"/>
        <source>Preview: closes the class to the waitlist: new orders and prepayments naming it are refused (候补人数已满); the %n passenger(s) queued stay.</source>
        <translation>
            <numerusform>预演：该席别停止候补：指定它的新订单和预付将被拒绝（候补人数已满）；已在排队的 %n 名乘客保留。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="98"/>
        <source>Preview: %n passenger(s) queued, at or over the cap of %1: new orders naming the class are refused (候补人数已满) until fewer are queued; no one queued leaves.</source>
        <translation>
            <numerusform>预演：%n 名乘客在排队，已达到或超过上限 %1：在排队人数减少之前，指定该席别的新订单将被拒绝（候补人数已满）；已在排队的乘客不受影响。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/src/dialogs/waitlist_cap_dialog.cpp" line="103"/>
        <source>Preview: room for %n more passenger(s) (%1 queued, cap %2); orders beyond it are refused (候补人数已满).</source>
        <translation>
            <numerusform>预演：还可再排 %n 名乘客（已排 %1 名，上限 %2）；超出的订单将被拒绝（候补人数已满）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::WaitlistCaps</name>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="10"/>
        <source>%1: %n passenger(s) queued, no cap</source>
        <translation>
            <numerusform>%1：%n 名旅客候补，不设上限</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="12"/>
        <source>%1: closed to the waitlist (cap 0), %n passenger(s) still queued — 候补人数已满</source>
        <translation>
            <numerusform>%1：已停止候补（上限 0），仍有 %n 名旅客排队 — 候补人数已满</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="16"/>
        <source>%1: %n passenger(s) queued, cap %2 — 候补人数已满</source>
        <translation>
            <numerusform>%1：%n 名旅客候补，上限 %2 — 候补人数已满</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/src/waitlist_caps.cpp" line="19"/>
        <source>%1: %n passenger(s) queued, cap %2</source>
        <translation>
            <numerusform>%1：%n 名旅客候补，上限 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>houbu::WaitlistDialog</name>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="47"/>
        <source>Waitlist order (候补)</source>
        <translation>候补订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="51"/>
        <source>account, e.g. u1024</source>
        <translation>账号，例如 u1024</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="53"/>
        <source>Passenger</source>
        <translation>乘客</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="60"/>
        <source>Stations of the shown run; every option&apos;s train must stop there</source>
        <translation>当前车次的车站；每个选项的车次都必须在此停靠</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="75"/>
        <source>Add &amp;option</source>
        <translation>添加选项(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="81"/>
        <source>Train</source>
        <translation>车次</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="81"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="81"/>
        <source>Class</source>
        <translation>席别</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="84"/>
        <source>In preference order: at most 5 options a date, at most 2 dates</source>
        <translation>按优先顺序排列：每个日期最多 5 个选项，最多 2 个日期</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="85"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="86"/>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="87"/>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="103"/>
        <source>Dead&amp;line:</source>
        <translation>截止时间(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="114"/>
        <source>I&amp;d:</source>
        <translation>编号(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="118"/>
        <source>Optio&amp;ns:</source>
        <translation>选项(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="124"/>
        <source>The order may be served with standing tickets when no seat serves it on an option</source>
        <translation>某个选项上没有座位可兑现时，订单可以无座票兑现</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="128"/>
        <source>None: one seat for the whole journey</source>
        <translation>不换座：全程一个席位</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="129"/>
        <source>At most one change of seat</source>
        <translation>最多换座一次</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="130"/>
        <source>At most two changes of seat</source>
        <translation>最多换座两次</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="132"/>
        <source>同车换座: when no one seat is free for the whole journey, the passengers may change seats at intermediate stops, within the class. One seat is always preferred.</source>
        <translation>同车换座：没有全程空闲的席位时，旅客可在途中车站于同一席别内换座。始终优先全程一个席位。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="135"/>
        <source>Seat c&amp;hanges:</source>
        <translation>换座(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="137"/>
        <source>Accept added t&amp;rains (接受新增列车) leaving between</source>
        <translation>接受新增列车，发车时间在(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="140"/>
        <source>Trains added to the timetable later, on one of the options&apos; dates, become options of this order when they leave its station in the window</source>
        <translation>之后加开的列车，若在选项日期之一且在此时间窗内从本站发车，将成为本订单的选项</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="288"/>
        <source>Waitlist order %1 submitted: prepay %2 by %3.</source>
        <translation>候补订单 %1 已提交：请于 %3 前预付 %2。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="112"/>
        <source>Not served by then, the order expires and is refunded</source>
        <translation>届时仍未兑现，订单将失效并退款</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="115"/>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="116"/>
        <source>&amp;Passengers:</source>
        <translation>乘客(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="117"/>
        <source>&amp;Interval:</source>
        <translation>区间(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="121"/>
        <source>Accept standin&amp;g (接受无座)</source>
        <translation>接受无座(&amp;G)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="181"/>
        <source>This option is listed already.</source>
        <translation>此选项已在列表中。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="200"/>
        <source>&amp;Submit</source>
        <translation>提交(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="251"/>
        <source>Enter an id for the order.</source>
        <translation>请输入订单编号。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="252"/>
        <source>Enter the user (account) placing the order.</source>
        <translation>请输入下单的用户（账号）。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="254"/>
        <source>No train is shown: open a scenario or a store first.</source>
        <translation>未显示任何车次：请先打开场景或存储。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="256"/>
        <source>Add at least one option: a train, a date and a class.</source>
        <translation>请至少添加一个选项：车次、日期和席别。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_dialog.cpp" line="259"/>
        <source>Option %1 has no class.</source>
        <translation>选项 %1 没有席别。</translation>
    </message>
</context>
<context>
    <name>houbu::WaitlistRulesDialog</name>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="32"/>
        <source>Waitlist rules</source>
        <translation>候补规则</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="34"/>
        <source>Limits for the waitlist orders submitted from now on; orders already open keep theirs.</source>
        <translation>适用于此后提交的候补订单的限制；已有的订单不受影响。</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="39"/>
        <source>&amp;Passengers per order:</source>
        <translation>每单乘车人数(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="39"/>
        <source>&amp;Dates per order:</source>
        <translation>每单乘车日期数(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="40"/>
        <source>&amp;Options per date:</source>
        <translation>每个日期的选项数(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="40"/>
        <source>Options in a&amp;ll:</source>
        <translation>选项总数(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="41"/>
        <source>Open orders per &amp;user:</source>
        <translation>每位用户的未完成订单数(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="43"/>
        <source>Passengers one order may carry</source>
        <translation>一个订单可包含的乘车人数</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="43"/>
        <source>Different travel dates among an order&apos;s options</source>
        <translation>一个订单各选项中不同乘车日期的个数</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="44"/>
        <source>Train and class options of one order on one date</source>
        <translation>一个订单在同一日期的车次与席别选项数</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="45"/>
        <source>Train and class options of one order over all its dates (added trains not counted)</source>
        <translation>一个订单在所有日期的车次与席别选项总数（不计新增列车）</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="46"/>
        <source>Orders a user may have submitted or queued at once</source>
        <translation>一位用户同时可有的已提交或排队中的订单数</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="56"/>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="70"/>
        <source>Version &amp;1&apos;s limits</source>
        <translation>第 1 版的限制(&amp;1)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="72"/>
        <source>5 passengers, 2 dates, 5 options per date, no other limit</source>
        <translation>5 名乘车人、2 个日期、每个日期 5 个选项，无其他限制</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="73"/>
        <source>12306 (&amp;2024)</source>
        <translation>12306（2024）(&amp;2)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="75"/>
        <source>9 passengers, 3 dates, 60 options in all, 6 open orders per user</source>
        <translation>9 名乘车人、3 个日期、共 60 个选项、每位用户 6 个未完成订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="79"/>
        <source>Presets:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="89"/>
        <source>&amp;Apply limits</source>
        <translation>应用限制(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="137"/>
        <source>passengers</source>
        <translation>乘车人</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="137"/>
        <source>dates</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="137"/>
        <source>options per date</source>
        <translation>每日期选项</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="138"/>
        <source>options</source>
        <translation>选项总数</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="138"/>
        <source>open orders per user</source>
        <translation>每用户未完成订单</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="140"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="141"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../app/src/dialogs/waitlist_rules_dialog.cpp" line="143"/>
        <source>Waitlist limits in force: %1.</source>
        <translation>生效的候补限制：%1。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/src/main.cpp" line="335"/>
        <source>Houbu console: seat intervals and waitlists.</source>
        <translation>候补控制台：席位区间与候补队列。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="306"/>
        <source>Open (or create) the store at &lt;path&gt;.</source>
        <translation>打开（或新建）位于 &lt;path&gt; 的存储。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="310"/>
        <source>Run the engine in memory with the demo train.</source>
        <translation>在内存中运行引擎并载入演示车次。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="312"/>
        <source>Load a scenario file in memory.</source>
        <translation>在内存中加载场景文件。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="314"/>
        <source>Use a dark palette.</source>
        <translation>使用深色配色。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="317"/>
        <source>Save screenshots into &lt;dir&gt; and quit; with --scenario, screenshots of that day at scale.</source>
        <translation>将截图保存到 &lt;dir&gt; 后退出；与 --scenario 同用时，截取该日全量数据下的界面。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="323"/>
        <source>Interface language: en or zh_CN (default: the system language).</source>
        <translation>界面语言：en 或 zh_CN（默认跟随系统）。</translation>
    </message>
    <message>
        <location filename="../app/src/main.cpp" line="328"/>
        <source>Connect to the houbud server at &lt;url&gt;. The token comes from the HOUBU_TOKEN environment variable or the system keychain.</source>
        <translation>连接位于 &lt;url&gt; 的 houbud 服务器。令牌取自 HOUBU_TOKEN 环境变量或系统钥匙串。</translation>
    </message>
</context>
</TS>
