#include "connections.hpp"

#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server.hpp"
#include "web_files.hpp"

namespace rulesrun::serve {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr std::size_t max_waiting_messages = 256;  // a client this far behind has stopped reading
constexpr auto request_time_limit = std::chrono::seconds(30);
constexpr std::size_t hard_message_limit = 1 << 20;  // beyond it the connection is simply cut

// "table=ab12&token=cd34" -> the value of `key`, or "".
std::string query_value(std::string_view target, std::string_view key) {
    const auto question = target.find('?');
    if (question == std::string_view::npos) return "";
    std::string_view query = target.substr(question + 1);
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == key) return std::string(pair.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return "";
}

std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

// One HTTP connection: pages, the lobby's API, and the upgrade to a WebSocket.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket socket, Server& server)
        : stream_(std::move(socket)), server_(server), rate_(server.options().requests_per_second),
          pause_(stream_.get_executor()) {}

    void start() { read(); }

private:
    void read() {
        parser_.emplace();
        parser_->body_limit(server_.options().max_message_bytes);
        stream_.expires_after(request_time_limit);
        http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;  // the client went away or sent something that is not HTTP: nothing to answer
            self->handle(self->parser_->release());
        });
    }

    void handle(http::request<http::string_body> request) {
        const std::string target(request.target());
        const bool allowed = rate_.take();
        if (allowed && websocket::is_upgrade(request) && path_of(target) == "/ws")
            return upgrade(std::move(request), target);
        http::response<http::string_body> response = allowed ? answer(request, target) : too_many_requests();
        response.keep_alive(request.keep_alive());
        response.set(http::field::server, "rulesrun");
        response.set(http::field::cache_control, "no-store");
        response.prepare_payload();
        auto shared = std::make_shared<http::response<http::string_body>>(std::move(response));
        auto written = [self = shared_from_this(), shared, allowed](beast::error_code ec, std::size_t) {
            if (ec || !shared->keep_alive()) return;
            if (allowed) return self->read();
            self->read_when_allowed();
        };
        http::async_write(stream_, *shared, written);
    }

    // After a refusal, the next request is read once this connection may send one more: a flood waits, the server
    // does not.
    void read_when_allowed() {
        pause_.expires_after(rate_.wait());
        pause_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->read();
        });
    }

    http::response<http::string_body> too_many_requests() const {
        auto response = json(http::status::too_many_requests,
                             {{"error", fmt::format("too many requests: one connection may send {} a second (up to {} at "
                                                    "once); this one was not read, try again in a moment",
                                                    rate_.per_second(), rate_.burst())}});
        response.set(http::field::retry_after, "1");
        return response;
    }

    http::response<http::string_body> answer(const http::request<http::string_body>& request, const std::string& target) {
        const std::string path(path_of(target));
        try {
            if (path == "/api/games" && request.method() == http::verb::get) return json(http::status::ok, server_.games_json());
            if (path == "/api/tables" && request.method() == http::verb::post) {
                return json(http::status::created, server_.create_table(parse_json_input(request.body())));
            }
        } catch (const JsonInputError& e) {
            return json(http::status::bad_request, {{"error", fmt::format("the request is {}", e.what())}});
        } catch (const std::invalid_argument& e) {
            return json(http::status::bad_request, {{"error", e.what()}});
        } catch (const std::exception& e) {
            return json(http::status::internal_server_error, {{"error", e.what()}});
        }
        if (request.method() == http::verb::get) {
            if (const auto file = web_file(path)) {
                http::response<http::string_body> response{http::status::ok, request.version()};
                response.set(http::field::content_type, std::string(file->type));
                response.body() = std::string(file->content);
                return response;
            }
        }
        return json(http::status::not_found, {{"error", fmt::format("nothing at {} {}", std::string(request.method_string()), path)}});
    }

    static http::response<http::string_body> json(http::status status, const nlohmann::json& body) {
        http::response<http::string_body> response{status, 11};
        response.set(http::field::content_type, "application/json");
        response.body() = json_text(body);  // the answer may quote bytes of the request that are not UTF-8
        return response;
    }

    void upgrade(http::request<http::string_body> request, const std::string& target) {
        const std::string table = query_value(target, "table");
        const auto opened = server_.open(table, query_value(target, "token"));
        stream_.expires_never();
        websocket::stream<beast::tcp_stream> socket(std::move(stream_));
        auto client = std::make_shared<Client>(std::move(socket), server_, table, opened.table ? opened.seat : refused_seat);
        client->start(std::move(request), opened.error);
    }

    beast::tcp_stream stream_;
    Server& server_;
    RateLimit rate_;
    boost::asio::steady_timer pause_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

void accept_next(tcp::acceptor& acceptor, Server& server) {
    acceptor.async_accept([&acceptor, &server](beast::error_code ec, tcp::socket socket) {
        if (ec == boost::asio::error::operation_aborted) return;
        if (!ec) std::make_shared<HttpSession>(std::move(socket), server)->start();
        accept_next(acceptor, server);
    });
}

}  // namespace

void start_accepting(boost::asio::io_context&, tcp::acceptor& acceptor, Server& server) { accept_next(acceptor, server); }

Client::Client(websocket::stream<beast::tcp_stream> socket, Server& server, std::string table, int seat)
    : socket_(std::move(socket)), server_(server), table_(std::move(table)), seat_(seat),
      rate_(server.options().messages_per_second), pause_(socket_.get_executor()) {}

void Client::start(http::request<http::string_body> request, const std::string& refusal) {
    // A message over the limit is still read whole, up to a hard limit, so that its sender is told why it is
    // closed: stopping in the middle of it would reset the connection before the closing frame reached the client.
    socket_.read_message_max(std::max<std::size_t>(server_.options().max_message_bytes, hard_message_limit));
    socket_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    socket_.async_accept(request, [self = shared_from_this(), refusal](beast::error_code ec) {
        if (ec) return self->drop();
        if (self->seat_ == refused_seat) return self->send(json_text(runtime::error_message(refusal)));  // then it closes
        self->server_.join(self->table_, self);
        self->read();
    });
}

void Client::read() {
    socket_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) return self->stop_reading(ec);
        const std::string text = beast::buffers_to_string(self->buffer_.data());
        self->buffer_.consume(self->buffer_.size());
        if (text.size() > self->server_.options().max_message_bytes) {
            self->send(json_text(runtime::error_message(fmt::format("a message of {} bytes is over the limit of {}: the "
                                                                    "connection is closed", text.size(),
                                                                    self->server_.options().max_message_bytes))));
            return self->stop_reading(websocket::error::message_too_big);
        }
        if (!self->rate_.take()) return self->refuse_and_wait();
        try {
            self->server_.receive(self->table_, self->seat_, text, *self);
        } catch (const std::exception& e) {  // one message must not stop the server for every table
            std::cerr << fmt::format("table {}: a message failed: {}\n", self->table_, e.what());
            self->send(json_text(runtime::error_message(fmt::format("the server could not take this message: {}", e.what()))));
        }
        self->read();
    });
}

void Client::refuse_and_wait() {
    send(json_text(runtime::error_message(fmt::format("too many messages: one connection may send {} a second (up to {} "
                                                      "at once); this one was not read, send it again in a moment",
                                                      rate_.per_second(), rate_.burst()))));
    pause_.expires_after(rate_.wait());
    pause_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec && !self->closed_) self->read();
    });
}

void Client::send(std::string text) {
    if (closed_) return;
    if (outbox_.size() >= max_waiting_messages) return drop();
    outbox_.push_back(std::move(text));
    if (outbox_.size() == 1) write_next();
}

void Client::write_next() {
    socket_.text(true);
    socket_.async_write(boost::asio::buffer(outbox_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) return self->drop();
        self->outbox_.pop_front();
        if (!self->outbox_.empty()) return self->write_next();
        if (self->reading_stopped_) return self->close();
        if (self->seat_ == refused_seat) {  // a refused connection: its error is out
            self->socket_.async_close(websocket::close_code::policy_error, [self](beast::error_code) {});
        }
    });
}

// The client sent something that ends the connection (it closed, or sent a message over the size limit): the answers
// to its earlier messages still go out first.
void Client::stop_reading(beast::error_code why) {
    reading_stopped_ = true;
    if (why == websocket::error::closed || why == websocket::error::message_too_big) {
        close_code_ = why == websocket::error::closed ? websocket::close_code::normal : websocket::close_code::too_big;
        if (outbox_.empty()) close();
        return;
    }
    drop();  // the connection is broken: nothing more can be sent
}

// The WebSocket closing handshake with the reason, then the connection is let go.
void Client::close() {
    if (closed_) return;
    socket_.async_close(close_code_, [self = shared_from_this()](beast::error_code) { self->drop(); });
}

void Client::drop() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(socket_).socket().close(ignored);
    if (seat_ != refused_seat) server_.leave(table_, shared_from_this());
}

}  // namespace rulesrun::serve
