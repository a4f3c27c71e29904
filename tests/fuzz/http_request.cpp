// The bytes a client sends houbud, through the socket guard's framer
// (server/src/connection_guard.h) as HttpConnection feeds it: whatever
// pieces the bytes arrive in, the framer must frame the same requests and
// refuse the same one; and after a WebSocket upgrade, the frame checker must
// judge the frames as a plain reading of RFC 6455 5.2 does.
//
// Input: one byte of options (bit 0: tight limits, so that every limit is
// reached by short inputs), then the bytes of the connection.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "connection_guard.h"

using namespace houbu;

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "%s\n", what);
    std::abort();
}

struct Outcome {
    bool stopped = false, upgraded = false, inRequest = false, inBody = false;
    quint64 completed = 0;
    std::optional<RequestFramer::Refusal> refusal;
    std::vector<RequestHead> heads;
};

Outcome outcomeOf(RequestFramer& f) {
    Outcome o{f.stopped(), f.upgraded(), f.inRequest(), f.inBody(), f.completed(), f.refusal(), {}};
    o.heads.assign(f.heads().begin(), f.heads().end());
    return o;
}

bool same(const Outcome& a, const Outcome& b) {
    if (a.stopped != b.stopped || a.upgraded != b.upgraded || a.inRequest != b.inRequest ||
        a.inBody != b.inBody || a.completed != b.completed ||
        a.refusal.has_value() != b.refusal.has_value() || a.heads.size() != b.heads.size())
        return false;
    if (a.refusal &&
        (a.refusal->index != b.refusal->index || a.refusal->status != b.refusal->status ||
         a.refusal->message != b.refusal->message))
        return false;
    for (std::size_t i = 0; i < a.heads.size(); ++i) {
        const RequestHead &x = a.heads[i], &y = b.heads[i];
        if (x.close != y.close || x.keepAlive10 != y.keepAlive10 ||
            x.expectContinue != y.expectContinue || x.upgrade != y.upgrade ||
            x.bodyLength != y.bodyLength)
            return false;
    }
    return true;
}

// RFC 6455 5.2 read plainly: does a client frame without the mask bit start
// within these bytes?
bool unmaskedFrame(QByteArrayView b) {
    quint64 at = 0;
    const quint64 n = quint64(b.size());
    while (at + 1 < n) {
        const auto second = quint8(b[qsizetype(at + 1)]);
        if (!(second & 0x80)) return true;
        quint64 length = second & 0x7f;
        quint64 head = 2;
        const int extra = length == 126 ? 2 : length == 127 ? 8 : 0;
        if (extra) {
            if (at + 2 + quint64(extra) > n) return false;
            length = 0;
            for (int i = 0; i < extra; ++i)
                length = (length << 8) | quint8(b[qsizetype(at + 2 + i)]);
            head += quint64(extra);
        }
        head += 4;                                               // the mask
        if (length > n || at + head + length > n) return false;  // the rest never came
        at += head + length;
    }
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    ConnectionLimits limits;
    if (data[0] & 1) {
        limits.maxUrlBytes = 40;
        limits.maxHeaderBytes = 200;
        limits.maxHeaders = 4;
        limits.maxBody = 64;
    }
    const QByteArrayView bytes(data + 1, qsizetype(size - 1));

    // At once.
    RequestFramer whole(limits);
    whole.feed(bytes);
    const Outcome expected = outcomeOf(whole);

    // Byte by byte, noting where each request ends.
    RequestFramer single(limits);
    std::vector<qsizetype> ends;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const quint64 before = single.completed();
        single.feed(bytes.sliced(i, 1));
        if (single.completed() != before) ends.push_back(i + 1);
    }
    if (!same(outcomeOf(single), expected)) fail("byte by byte, the framer frames otherwise");

    // In pieces of sizes taken from the input itself.
    RequestFramer pieces(limits);
    std::uint32_t state = 2166136261u;
    for (const char c : bytes)
        state = (state ^ quint8(c)) * 16777619u;
    for (qsizetype at = 0; at < bytes.size();) {
        state = state * 1664525u + 1013904223u;
        const qsizetype n = std::min<qsizetype>(1 + (state >> 24) % 97, bytes.size() - at);
        pieces.feed(bytes.sliced(at, n));
        at += n;
    }
    if (!same(outcomeOf(pieces), expected)) fail("in pieces, the framer frames otherwise");

    if (expected.completed != ends.size()) fail("requests completed and their ends disagree");
    if (expected.refusal && expected.refusal->index != expected.completed)
        fail("a refusal names a request other than the one under way");
    if (expected.heads.size() != expected.completed + (expected.inBody ? 1 : 0))
        fail("heads framed and requests completed disagree");

    if (expected.upgraded) {
        // As HttpConnection::watchWebSocket: from the upgrade request's start,
        // Qt's WebSocket server skips to the first blank line.
        const qsizetype start = ends.size() > 1 ? ends[ends.size() - 2] : 0;
        const qsizetype blank = bytes.indexOf("\r\n\r\n", start);
        if (blank >= 0) {
            const QByteArrayView frames = bytes.sliced(blank + 4);
            FrameChecker all, split;
            all.feed(frames);
            for (qsizetype i = 0; i < frames.size(); i += 3)
                split.feed(frames.sliced(i, std::min<qsizetype>(3, frames.size() - i)));
            if (all.failed() != split.failed())
                fail("in pieces, the frame checker judges otherwise");
            if (all.failed() != unmaskedFrame(frames))
                fail("the frame checker and RFC 6455 disagree on a frame's mask");
        }
    }
    return 0;
}
