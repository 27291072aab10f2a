#include "tune_html.hpp"

#include <fmt/format.h>

#include "figure_warnings.hpp"
#include "html_charts.hpp"
#include "html_page.hpp"

namespace rulesrun::cli {

namespace {

// {"jacks": "3", "players": "2"} -> "jacks=3 players=2"
std::string setting_label(const nlohmann::json& settings) {
    std::string label;
    for (const auto& [name, value] : settings.items()) {
        label += fmt::format("{}{}={}", label.empty() ? "" : " ", name, value.get<std::string>());
    }
    return label.empty() ? "the game as it is" : label;
}

std::string number(double v) { return fmt::format("{:.4g}", v); }

// Each target apart (targets have scales of their own): the best setting's figure, its interval, and the target.
std::string targets_section(const nlohmann::json& tune) {
    std::string out = "<table class=\"targets\">\n<tr><th>figure</th><th>target</th><th>best setting's figure [95% "
                      "interval]</th><th>verdict</th></tr>\n";
    std::string charts;
    const std::string best = setting_label(tune.at("best"));
    for (const auto& t : tune.at("targets")) {
        const std::string figure = t.at("figure").get<std::string>();
        const double mean = t.at("mean").get<double>(), low = t.at("low").get<double>(), high = t.at("high").get<double>();
        const double target = t.at("target").get<double>();
        const bool met = t.at("met").get<bool>();
        const std::string text = fmt::format("{} [{}, {}]", number(mean), number(low), number(high));
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", escape(figure), number(target),
                           text, met ? "met (inside the interval)" : "missed");
        charts += fmt::format("<h3>{}</h3>\n", escape(figure));
        charts += chart(interval_spec({{best, mean, low, high, text}}, figure + " (95% interval)", "~g",
                                      Reference{target, "target " + number(target)}, false),
                        figure + " against its target", "target", fmt::format("figure=\"{}\"", escape(figure)));
    }
    return out + "</table>\n" + charts;
}

// Every round's settings as dots by their distance to the targets; the closest of each round is named.
std::string rounds_chart(const nlohmann::json& tune) {
    nlohmann::json values = nlohmann::json::array();
    std::size_t number_of_round = 0;
    for (const auto& round : tune.at("rounds")) {
        ++number_of_round;
        const std::string name = fmt::format("round {}: {} games", number_of_round, round.at("games").get<std::int64_t>());
        bool first = true;
        for (const auto& c : round.at("candidates")) {
            values.push_back({{"round", name}, {"distance", c.at("distance")}, {"setting", setting_label(c.at("settings"))},
                              {"closest", first}});
            first = false;
        }
    }
    const nlohmann::json y{{"field", "round"}, {"type", "nominal"}, {"sort", nullptr}, {"title", nullptr}};
    const nlohmann::json x{{"field", "distance"}, {"type", "quantitative"}, {"scale", {{"zero", true}, {"nice", true}}},
                           {"title", "distance to the targets (the sum of each figure's gap, relative to its target)"}};
    nlohmann::json spec{
        {"width", 480},
        {"height", {{"step", 30}}},
        {"data", {{"values", values}}},
        {"layer",
         nlohmann::json::array(
             {{{"mark", {{"type", "point"}, {"size", 45}, {"opacity", 0.6}}},
               {"encoding", {{"x", x}, {"y", y}, {"tooltip", nlohmann::json::array({{{"field", "setting"}}, {{"field", "distance"}}})}}}},
              {{"transform", nlohmann::json::array({{{"filter", "datum.closest"}}})},
               {"mark", {{"type", "text"}, {"align", "left"}, {"dx", 7}, {"dy", -9}, {"color", "#2e7d4f"}}},
               {"encoding", {{"x", x}, {"y", y}, {"text", {{"field", "setting"}}}}}}})}};
    return chart(spec, "every round's settings by distance to the targets", "rounds");
}

}  // namespace

std::string tune_html(const std::string& game_title, const nlohmann::json& tune) {
    std::string html = page_start(game_title + ": tune");
    std::vector<std::string> warnings;
    for (const auto& w : tune.value("warnings", nlohmann::json::array())) warnings.push_back(w.get<std::string>());
    html += warnings_html(warnings);
    html += fmt::format("<p>Best setting: <strong>{}</strong>, over {} games; bots: {}.</p>\n",
                        escape(setting_label(tune.at("best"))), tune.at("games").get<std::int64_t>(),
                        escape(tune.value("bots", "")));
    html += tune.at("met").get<bool>() ? "<p>Every target lies inside its 95% interval.</p>\n"
                                       : "<p class=\"warning\">Not every target is met: no setting tried comes close "
                                         "enough (try other values, or more).</p>\n";
    html += "<h2>Targets</h2>\n" + targets_section(tune);
    html += "<h2>Rounds</h2>\n<p>Each round plays every setting left on the same games, and keeps the closer half for "
            "the next round with twice as many games; a range is tried again closer around the best value.</p>\n";
    html += rounds_chart(tune);
    return html + charts_script() + page_end();
}

}  // namespace rulesrun::cli
