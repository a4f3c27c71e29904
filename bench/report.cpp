// bench_report: the PNG plots of docs/benchmarks.md from the JSON results of
// houbu-cli bench, redis_compare and houbu-cli bench --quality.
//
// Usage: bench_report OUT_DIR BENCH.json COMPARE.json QUALITY.json
//        bench_report --days OUT_DIR DAYS.json   (scripts/bench-days.sh: time and
//                                                 memory against day size)
//        bench_report --forecast OUT_DIR FORECAST.json...   (houbu-cli bench
//                     --forecast on several days: the reliability plot)

#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QPainterPath>
#include <cmath>
#include <cstdio>

namespace {

struct Series {
    QString name;
    QColor color;
    QList<double> values;
};

constexpr int kW = 960, kH = 480, kLeft = 90, kRight = 30, kTop = 50, kBottom = 90;

QJsonObject load(const char* path) {
    QFile f(QString::fromLocal8Bit(path));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

void legend(QPainter& p, const QList<Series>& series) {
    int x = kLeft + 10;
    for (const Series& s : series) {
        p.fillRect(x, kTop - 30, 14, 14, s.color);
        p.setPen(Qt::black);
        p.drawText(x + 20, kTop - 18, s.name);
        x += 30 + p.fontMetrics().horizontalAdvance(s.name) + 20;
    }
}

// A white plot painted antialiased in 13-pixel text; returns that font.
QFont startPlot(QImage& img, QPainter& p) {
    img.fill(Qt::white);
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = p.font();
    f.setPixelSize(13);
    p.setFont(f);
    return f;
}

// Grouped bars on a log10 axis from 10^lo to 10^hi.
QImage bars(const QString& title, const QString& unit, const QStringList& categories,
            const QList<Series>& series, int lo, int hi) {
    QImage img(kW, kH, QImage::Format_RGB32);
    QPainter p(&img);
    const QFont f = startPlot(img, p);
    const int plotW = kW - kLeft - kRight, plotH = kH - kTop - kBottom;
    auto y = [&](double v) {
        const double l = std::log10(std::max(v, std::pow(10.0, lo)));
        return kTop + plotH - (l - lo) / (hi - lo) * plotH;
    };
    p.setPen(QColor(220, 220, 220));
    for (int e = lo; e <= hi; ++e) {
        const int yy = static_cast<int>(y(std::pow(10.0, e)));
        p.setPen(QColor(220, 220, 220));
        p.drawLine(kLeft, yy, kLeft + plotW, yy);
        p.setPen(Qt::black);
        p.drawText(QRect(0, yy - 8, kLeft - 8, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("1e%1").arg(e));
    }
    const double group = static_cast<double>(plotW) / std::max<qsizetype>(1, categories.size());
    const double bw = group * 0.8 / std::max<qsizetype>(1, series.size());
    for (qsizetype c = 0; c < categories.size(); ++c) {
        for (qsizetype s = 0; s < series.size(); ++s) {
            const double v = c < series[s].values.size() ? series[s].values[c] : 0;
            if (v <= 0) continue;
            const double x = kLeft + c * group + group * 0.1 + s * bw;
            const double top = y(v);
            p.fillRect(QRectF(x, top, bw - 2, kTop + plotH - top), series[s].color);
        }
        p.setPen(Qt::black);
        p.drawText(QRectF(kLeft + c * group, kTop + plotH + 6, group, 20), Qt::AlignHCenter,
                   categories[c]);
    }
    p.drawLine(kLeft, kTop + plotH, kLeft + plotW, kTop + plotH);
    p.drawLine(kLeft, kTop, kLeft, kTop + plotH);
    p.save();
    p.translate(18, kTop + plotH / 2);
    p.rotate(-90);
    p.drawText(QRect(-150, -10, 300, 20), Qt::AlignCenter, unit);
    p.restore();
    QFont tf = f;
    tf.setBold(true);
    tf.setPixelSize(15);
    p.setFont(tf);
    p.drawText(QRect(0, kH - 40, kW, 30), Qt::AlignCenter, title);
    p.setFont(f);
    legend(p, series);
    return img;
}

// Lines over x in [x0, x1], y in [y0, y1] (linear).
QImage lines(const QString& title, const QString& xUnit, const QString& yUnit,
             const QList<double>& xs, const QList<Series>& series, double y0, double y1) {
    QImage img(kW, kH, QImage::Format_RGB32);
    QPainter p(&img);
    const QFont f = startPlot(img, p);
    const int plotW = kW - kLeft - kRight, plotH = kH - kTop - kBottom;
    const double x0 = xs.isEmpty() ? 0 : xs.front(), x1 = xs.isEmpty() ? 1 : xs.back();
    auto px = [&](double x) { return kLeft + (x - x0) / std::max(1e-9, x1 - x0) * plotW; };
    auto py = [&](double v) { return kTop + plotH - (v - y0) / (y1 - y0) * plotH; };
    for (int i = 0; i <= 5; ++i) {
        const double v = y0 + (y1 - y0) * i / 5;
        p.setPen(QColor(220, 220, 220));
        p.drawLine(QPointF(kLeft, py(v)), QPointF(kLeft + plotW, py(v)));
        p.setPen(Qt::black);
        p.drawText(QRectF(0, py(v) - 8, kLeft - 8, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(v, 'f', 1));
    }
    for (double x : xs)
        p.drawText(QRectF(px(x) - 30, kTop + plotH + 6, 60, 20), Qt::AlignHCenter,
                   QString::number(x, 'f', 2));
    p.drawLine(kLeft, kTop + plotH, kLeft + plotW, kTop + plotH);
    p.drawLine(kLeft, kTop, kLeft, kTop + plotH);
    for (const Series& s : series) {
        QPainterPath path;
        for (qsizetype i = 0; i < s.values.size() && i < xs.size(); ++i) {
            const QPointF pt(px(xs[i]), py(s.values[i]));
            if (i == 0)
                path.moveTo(pt);
            else
                path.lineTo(pt);
        }
        p.setPen(QPen(s.color, 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        for (qsizetype i = 0; i < s.values.size() && i < xs.size(); ++i)
            p.setBrush(s.color), p.drawEllipse(QPointF(px(xs[i]), py(s.values[i])), 3.5, 3.5);
    }
    p.setPen(Qt::black);
    p.drawText(QRect(kLeft, kTop + plotH + 26, plotW, 20), Qt::AlignCenter, xUnit);
    p.save();
    p.translate(18, kTop + plotH / 2);
    p.rotate(-90);
    p.drawText(QRect(-150, -10, 300, 20), Qt::AlignCenter, yUnit);
    p.restore();
    QFont tf = f;
    tf.setBold(true);
    tf.setPixelSize(15);
    p.setFont(tf);
    p.drawText(QRect(0, kH - 36, kW, 30), Qt::AlignCenter, title);
    p.setFont(f);
    legend(p, series);
    return img;
}

const QColor kBlue(52, 101, 164), kOrange(230, 126, 34), kGreen(78, 154, 6), kRed(204, 0, 0),
    kGrey(120, 120, 120), kPurple(117, 80, 123);

// Allocation quality: the fraction of requests each way of choosing seats
// accepts online, with the offline optimum, against the load offered.
QImage qualityPlot(const QJsonObject& quality) {
    QList<double> xs;
    Series best{QStringLiteral("best-fit"), kBlue, {}},
        first{QStringLiteral("first-fit"), kGreen, {}},
        worst{QStringLiteral("worst-fit"), kRed, {}},
        one{QStringLiteral("best-fit, 1 seat change"), kOrange, {}},
        two{QStringLiteral("best-fit, 2 seat changes"), kPurple, {}},
        offline{QStringLiteral("offline optimum"), kGrey, {}};
    for (const auto& l : quality[u"levels"].toArray()) {
        const QJsonObject level = l.toObject();
        xs << level[u"load"].toDouble();
        offline.values << 100 * level[u"offline_accepted_fraction"].toDouble();
        for (const auto& r : level[u"results"].toArray()) {
            const QJsonObject o = r.toObject();
            const double v = 100 * o[u"accepted_fraction"].toDouble();
            const QString c = o[u"choice"].toString();
            const int changes = o[u"seat_changes"].toInt();
            Series& series = changes == 1       ? one
                             : changes == 2     ? two
                             : c == u"best-fit" ? best
                                                : (c == u"first-fit" ? first : worst);
            series.values << v;
        }
    }
    double lowest = 100;
    for (const Series* s : {&best, &first, &worst, &one, &two})
        for (double v : s->values)
            lowest = std::min(lowest, v);
    return lines(QStringLiteral("Requests accepted online, and by the offline optimum"),
                 QStringLiteral("load (requested seat-segments / capacity)"),
                 QStringLiteral("accepted, %"), xs, {offline, best, first, worst, one, two},
                 std::floor(lowest / 5) * 5, 100);
}

// Wall time, CPU time and peak memory of `houbu-cli run` against the orders of
// the day, from the rows bench-days.sh writes.
int dayPlots(const QString& out, const QJsonObject& days) {
    QList<double> xs;
    Series wall{QStringLiteral("wall time, s"), kBlue, {}},
        cpu{QStringLiteral("CPU time, s"), kOrange, {}},
        rss{QStringLiteral("peak RSS, GB"), kGreen, {}};
    double top = 1;
    for (const auto& r : days[u"rows"].toArray()) {
        const QJsonObject row = r.toObject();
        xs << row[u"orders"].toDouble() / 1e6;
        wall.values << row[u"wall_seconds"].toDouble();
        cpu.values << row[u"cpu_seconds"].toDouble();
        rss.values << row[u"peak_rss_bytes"].toDouble() / 1e9;
        top = std::max({top, wall.values.back(), cpu.values.back()});
    }
    const QImage time = lines(QStringLiteral("houbu-cli run: time against day size"),
                              QStringLiteral("waitlist orders in the day (millions)"),
                              QStringLiteral("seconds"), xs, {wall, cpu}, 0, std::ceil(top));
    double topRss = 0.1;
    for (double v : rss.values)
        topRss = std::max(topRss, v);
    const QImage memory = lines(QStringLiteral("houbu-cli run: peak memory against day size"),
                                QStringLiteral("waitlist orders in the day (millions)"),
                                QStringLiteral("GB"), xs, {rss}, 0, std::ceil(topRss));
    int status = 0;
    for (const auto& [img, name] : {std::pair{time, QStringLiteral("day-time.png")},
                                    std::pair{memory, QStringLiteral("day-memory.png")}}) {
        if (!img.save(out + QLatin1Char('/') + name)) {
            std::fprintf(stderr, "bench_report: cannot write %s\n", qPrintable(name));
            status = 1;
        }
    }
    return status;
}

// The reliability of forecasts: per day, each bin's observed rate against
// its mean forecast (a dot's area grows with the bin's orders); a perfectly
// calibrated forecast lies on the diagonal.
int reliabilityPlot(const QString& out, const QList<QJsonObject>& days) {
    constexpr int kSide = 560, kPad = 70;
    QImage img(kSide + 2 * kPad, kSide + 2 * kPad, QImage::Format_RGB32);
    QPainter p(&img);
    const QFont f = startPlot(img, p);
    auto at = [&](double x, double y) { return QPointF(kPad + x * kSide, kPad + (1 - y) * kSide); };
    for (int i = 0; i <= 10; ++i) {
        p.setPen(QColor(225, 225, 225));
        p.drawLine(at(i / 10.0, 0), at(i / 10.0, 1));
        p.drawLine(at(0, i / 10.0), at(1, i / 10.0));
        p.setPen(Qt::black);
        p.drawText(QRectF(at(i / 10.0, 0) + QPointF(-20, 6), QSizeF(40, 16)), Qt::AlignHCenter,
                   QString::number(i * 10));
        p.drawText(QRectF(at(0, i / 10.0) + QPointF(-44, -8), QSizeF(36, 16)), Qt::AlignRight,
                   QString::number(i * 10));
    }
    p.setPen(QPen(kGrey, 1.5, Qt::DashLine));
    p.drawLine(at(0, 0), at(1, 1));
    const QColor colors[] = {kBlue, kOrange, kGreen, kRed};
    QList<Series> legendSeries;
    for (qsizetype d = 0; d < days.size(); ++d) {
        const QColor c = colors[d % 4];
        QPainterPath path;
        bool first = true;
        for (const auto& b : days[d][u"reliability"].toArray()) {
            const QJsonObject bin = b.toObject();
            const int n = bin[u"orders"].toInt();
            if (n == 0) continue;
            const QPointF pt = at(bin[u"mean_forecast"].toDouble(), bin[u"observed"].toDouble());
            first ? path.moveTo(pt) : path.lineTo(pt);
            first = false;
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawEllipse(pt, 2 + std::sqrt(n) / 3, 2 + std::sqrt(n) / 3);
        }
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(c, 1.5));
        p.drawPath(path);
        legendSeries << Series{days[d][u"file"].toString().section(u'/', -1), c, {}};
    }
    p.setPen(Qt::black);
    p.drawText(QRect(kPad, kPad + kSide + 24, kSide, 20), Qt::AlignCenter,
               QStringLiteral("forecast probability, % (bins of 10 points)"));
    p.save();
    p.translate(18, kPad + kSide / 2);
    p.rotate(-90);
    p.drawText(QRect(-150, -10, 300, 20), Qt::AlignCenter, QStringLiteral("observed served, %"));
    p.restore();
    int x = kPad + 10;
    for (const Series& s : legendSeries) {
        p.fillRect(x, kPad - 30, 14, 14, s.color);
        p.setPen(Qt::black);
        p.drawText(x + 20, kPad - 18, s.name);
        x += 40 + p.fontMetrics().horizontalAdvance(s.name);
    }
    if (!img.save(out + QStringLiteral("/forecast-reliability.png"))) {
        std::fprintf(stderr, "bench_report: cannot write forecast-reliability.png\n");
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    if (argc == 4 && QByteArrayView(argv[1]) == "--days")
        return dayPlots(QString::fromLocal8Bit(argv[2]), load(argv[3]));
    if (argc >= 4 && QByteArrayView(argv[1]) == "--forecast") {
        QList<QJsonObject> days;
        for (int i = 3; i < argc; ++i)
            days << load(argv[i]);
        return reliabilityPlot(QString::fromLocal8Bit(argv[2]), days);
    }
    if (argc == 4 && QByteArrayView(argv[1]) == "--quality") {
        const QString name = QString::fromLocal8Bit(argv[2]) + QStringLiteral("/quality.png");
        return qualityPlot(load(argv[3])).save(name) ? 0 : 1;
    }
    if (argc != 5) {
        std::fprintf(stderr, "usage: bench_report OUT_DIR BENCH.json COMPARE.json QUALITY.json\n");
        return 2;
    }
    const QString out = QString::fromLocal8Bit(argv[1]);
    int status = 0;
    auto save = [&](const QImage& img, const QString& name) {
        if (!img.save(out + QLatin1Char('/') + name)) {
            std::fprintf(stderr, "bench_report: cannot write %s\n", qPrintable(name));
            status = 1;
        }
    };

    // 1. Latency percentiles per command kind, in memory and on SQLite.
    const QJsonObject bench = load(argv[2]);
    for (const auto& t : bench[u"targets"].toArray()) {
        const QJsonObject target = t.toObject();
        QStringList kinds;
        Series p50{QStringLiteral("p50"), kBlue, {}}, p99{QStringLiteral("p99"), kOrange, {}},
            p999{QStringLiteral("p99.9"), kRed, {}};
        for (const auto& k : target[u"kinds"].toArray()) {
            const QJsonObject o = k.toObject();
            kinds << o[u"kind"].toString();
            p50.values << o[u"p50_us"].toDouble();
            p99.values << o[u"p99_us"].toDouble();
            p999.values << o[u"p999_us"].toDouble();
        }
        // A PostgreSQL target is its URL: the file is named by the scheme.
        const QString name = target[u"target"].toString().section(u':', 0, 0);
        save(bars(QStringLiteral("Latency per command kind: %1").arg(name),
                  QStringLiteral("microseconds (log)"), kinds, {p50, p99, p999}, -1, 6),
             QStringLiteral("latency-%1.png").arg(name));
    }

    // 2. Houbu and the seeds' Redis design: time per command kind.
    const QJsonObject cmp = load(argv[3]);
    {
        QStringList kinds;
        Series h{QStringLiteral("Houbu, in memory"), kBlue, {}},
            b{QStringLiteral("seed design on Redis"), kRed, {}};
        const QJsonArray hk = cmp[u"houbu"].toObject()[u"kinds"].toArray();
        const QJsonArray bk = cmp[u"baseline"].toObject()[u"kinds"].toArray();
        for (qsizetype i = 0; i < hk.size() && i < bk.size(); ++i) {
            kinds << hk[i].toObject()[u"kind"].toString();
            h.values << hk[i].toObject()[u"seconds"].toDouble() * 1000;
            b.values << bk[i].toObject()[u"seconds"].toDouble() * 1000;
        }
        save(bars(QStringLiteral("Total time per command kind, same workload"),
                  QStringLiteral("milliseconds (log)"), kinds, {h, b}, -1, 6),
             QStringLiteral("houbu-vs-redis.png"));
    }

    // 3. Allocation quality: accepted fraction against the offered load.
    save(qualityPlot(load(argv[4])), QStringLiteral("quality.png"));
    return status;
}
