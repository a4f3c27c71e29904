#include "journal_block.h"

#include <QtEndian>
#include <QtNumeric>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

void putVarint(QByteArray& out, quint64 v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

quint64 zigzag(qint64 v) {
    return (static_cast<quint64>(v) << 1) ^ static_cast<quint64>(v >> 63);
}

qint64 unzigzag(quint64 v) {
    return static_cast<qint64>(v >> 1) ^ -static_cast<qint64>(v & 1);
}

class Reader {
  public:
    explicit Reader(QByteArrayView bytes) : bytes_(bytes) {}
    bool varint(quint64& v) {
        v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at_ >= bytes_.size()) return false;
            const auto byte = static_cast<unsigned char>(bytes_[at_++]);
            v |= static_cast<quint64>(byte & 0x7f) << shift;
            if (!(byte & 0x80)) return true;
        }
        return false;
    }
    bool take(qsizetype n, QByteArrayView& out) {
        if (n < 0 || n > bytes_.size() - at_) return false;
        out = bytes_.sliced(at_, n);
        at_ += n;
        return true;
    }
    bool atEnd() const { return at_ == bytes_.size(); }

  private:
    QByteArrayView bytes_;
    qsizetype at_ = 0;
};

}  // namespace

quint32 JournalBlock::locatorOf(QByteArrayView link) {
    if (link.size() < kLocatorBytes) return 0;
    return qFromLittleEndian<quint32>(link.data());
}

QByteArray JournalBlock::encode(const std::vector<JournalCommand>& commands) {
    QByteArray out;
    qsizetype commandBytes = 0;
    for (const JournalCommand& c : commands)
        commandBytes += c.command.size();
    out.reserve(commandBytes + static_cast<qsizetype>(commands.size()) * 16 + 8);
    putVarint(out, commands.size());
    for (const JournalCommand& c : commands)
        putVarint(out, static_cast<quint64>(c.line));
    qint64 clock = 0;
    for (const JournalCommand& c : commands) {
        putVarint(out, zigzag(c.clock - clock));
        clock = c.clock;
    }
    for (const JournalCommand& c : commands)
        putVarint(out, static_cast<quint64>(c.eventCount));
    for (const JournalCommand& c : commands)
        putVarint(out, static_cast<quint64>(c.author));
    for (const JournalCommand& c : commands) {
        putVarint(out, static_cast<quint64>(c.errorCode.size()));
        out += c.errorCode;
    }
    for (const JournalCommand& c : commands) {
        char locator[kLocatorBytes];
        qToLittleEndian<quint32>(c.locator, locator);
        out.append(locator, kLocatorBytes);
    }
    for (const JournalCommand& c : commands)
        putVarint(out, static_cast<quint64>(c.command.size()));
    for (const JournalCommand& c : commands)
        out += c.command;
    return out;
}

bool JournalBlock::decode(QByteArrayView body, std::vector<JournalCommand>& out, QString& error) {
    out.clear();
    Reader in(body);
    quint64 count = 0;
    // Every command takes at least 9 bytes of the body: no count beyond that is believed.
    if (!in.varint(count) || count > static_cast<quint64>(body.size()) / 9 + 1) {
        error = u"its block does not say how many commands it holds"_s;
        return false;
    }
    out.resize(count);
    auto fail = [&](const QString& what) {
        out.clear();
        error = u"its block is damaged (%1)"_s.arg(what);
        return false;
    };
    quint64 v = 0;
    for (JournalCommand& c : out) {
        if (!in.varint(v) || v > 0x7fffffff) return fail(u"input lines"_s);
        c.line = static_cast<int>(v);
    }
    qint64 clock = 0;
    for (JournalCommand& c : out) {
        // A damaged step may run the clock past either end of qint64.
        if (!in.varint(v) || qAddOverflow(clock, unzigzag(v), &clock)) return fail(u"clocks"_s);
        c.clock = clock;
    }
    for (JournalCommand& c : out) {
        if (!in.varint(v) || v > 0x7fffffff) return fail(u"event counts"_s);
        c.eventCount = static_cast<int>(v);
    }
    for (JournalCommand& c : out) {
        if (!in.varint(v) || v > static_cast<quint64>(std::numeric_limits<qint64>::max()))
            return fail(u"authors"_s);
        c.author = static_cast<qint64>(v);
    }
    QByteArrayView bytes;
    for (JournalCommand& c : out) {
        if (!in.varint(v) ||
            !in.take(static_cast<qsizetype>(std::min<quint64>(v, 1u << 30)), bytes))
            return fail(u"error codes"_s);
        c.errorCode = bytes.toByteArray();
    }
    for (JournalCommand& c : out) {
        if (!in.take(kLocatorBytes, bytes)) return fail(u"locators"_s);
        c.locator = qFromLittleEndian<quint32>(bytes.data());
    }
    std::vector<qsizetype> lengths(out.size());
    for (qsizetype& n : lengths) {
        if (!in.varint(v) || v > static_cast<quint64>(body.size()))
            return fail(u"command lengths"_s);
        n = static_cast<qsizetype>(v);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!in.take(lengths[i], bytes)) return fail(u"commands cut short"_s);
        out[i].command = bytes.toByteArray();
    }
    if (!in.atEnd()) return fail(u"bytes after its last command"_s);
    return true;
}

}  // namespace houbu
