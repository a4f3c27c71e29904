#include "resp.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace houbu::bench {

RespClient::~RespClient() {
    if (fd_ >= 0) ::close(fd_);
}

bool RespClient::connect(const std::string& host, int port, std::string& error) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) return error = std::strerror(errno), false;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1)
        return error = "not an IPv4 address: " + host, false;
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        error =
            "cannot connect to " + host + ":" + std::to_string(port) + ": " + std::strerror(errno);
        ::close(fd_);
        fd_ = -1;
        return false;
    }
    const int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return true;
}

void RespClient::begin(std::size_t n) {
    char buf[24];
    const int len = std::snprintf(buf, sizeof buf, "*%zu\r\n", n);
    out_.append(buf, static_cast<std::size_t>(len));
    ++pending_;
    ++commands_;
}

void RespClient::arg(std::string_view a) {
    char buf[24];
    const int len = std::snprintf(buf, sizeof buf, "$%zu\r\n", a.size());
    out_.append(buf, static_cast<std::size_t>(len));
    out_.append(a);
    out_.append("\r\n");
}

void RespClient::queue(std::initializer_list<std::string_view> args) {
    begin(args.size());
    for (std::string_view a : args)
        arg(a);
}

void RespClient::queue(const std::vector<std::string>& args) {
    begin(args.size());
    for (const std::string& a : args)
        arg(a);
}

bool RespClient::flush() {
    std::size_t done = 0;
    while (done < out_.size()) {
        const ssize_t n = ::send(fd_, out_.data() + done, out_.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    out_.clear();
    return true;
}

bool RespClient::fill() {
    if (inPos_ > 0 && inPos_ == in_.size()) {
        in_.clear();
        inPos_ = 0;
    }
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        in_.append(buf, static_cast<std::size_t>(n));
        return true;
    }
}

bool RespClient::readLine(std::string& line) {
    for (;;) {
        const std::size_t crlf = in_.find("\r\n", inPos_);
        if (crlf != std::string::npos) {
            line.assign(in_, inPos_, crlf - inPos_);
            inPos_ = crlf + 2;
            return true;
        }
        if (!fill()) return false;
    }
}

bool RespClient::parse(Reply& r) {
    std::string line;
    if (!readLine(line) || line.empty()) return false;
    const char kind = line[0];
    const std::string rest = line.substr(1);
    switch (kind) {
        case '+':
            r.type = Reply::Type::Status;
            r.text = rest;
            return true;
        case '-':
            r.type = Reply::Type::Error;
            r.text = rest;
            return true;
        case ':':
            r.type = Reply::Type::Integer;
            r.integer = std::strtoll(rest.c_str(), nullptr, 10);
            return true;
        case '$': {
            const long long n = std::strtoll(rest.c_str(), nullptr, 10);
            if (n < 0) {
                r.type = Reply::Type::Nil;
                return true;
            }
            while (in_.size() - inPos_ < static_cast<std::size_t>(n) + 2)
                if (!fill()) return false;
            r.type = Reply::Type::Bulk;
            r.text.assign(in_, inPos_, static_cast<std::size_t>(n));
            inPos_ += static_cast<std::size_t>(n) + 2;
            return true;
        }
        case '*': {
            const long long n = std::strtoll(rest.c_str(), nullptr, 10);
            if (n < 0) {
                r.type = Reply::Type::Nil;
                return true;
            }
            r.type = Reply::Type::Array;
            r.elements.resize(static_cast<std::size_t>(n));
            for (Reply& e : r.elements)
                if (!parse(e)) return false;
            return true;
        }
        default:
            return false;
    }
}

std::vector<Reply> RespClient::read() {
    std::vector<Reply> replies(pending_);
    pending_ = 0;
    if (replies.empty()) return replies;
    ++roundTrips_;
    if (!failed_ && !flush()) failed_ = true;
    for (Reply& r : replies) {
        if (!failed_ && !parse(r)) failed_ = true;
        if (failed_) {
            r.type = Reply::Type::Error;
            r.text = "connection to Redis failed";
        }
    }
    return replies;
}

Reply RespClient::call(std::initializer_list<std::string_view> args) {
    queue(args);
    std::vector<Reply> r = read();
    return std::move(r.back());
}

}  // namespace houbu::bench
