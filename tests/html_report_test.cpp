// simulate --report: one well-formed, self-contained page with a histogram for every statistic, and every text from
// the rules file escaped; with --compare, a page of both files' figures side by side; tune's page. The charts are
// Vega-Lite specifications the page's own library draws (tests/browser/report_layout.mjs looks at them drawn).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <set>

#include "chart_library.hpp"
#include "comparison_html.hpp"
#include "html_report.hpp"
#include "tune_html.hpp"
#include "simulation.hpp"
#include "test_games.hpp"

namespace rulesrun::cli {
namespace {

std::string page_of(const std::shared_ptr<const runtime::GameDefinition>& game, int players, const std::string& bots) {
    SimulationRequest request;
    request.game = game;
    request.settings = runtime::resolve_settings(*game, {players, {}, 3});
    request.bots = parse_bot_list(bots, game->strategies(), false);
    request.games = 40;
    const SimulationReport report = simulate(request);
    return simulation_html(SimulationSetup{*game, request.settings, request.bots}, report);
}

// The page without its scripts: the charting library and the charts' specifications, which hold no "<" (checked).
std::string without_scripts(const std::string& html) {
    const std::string library = "<script>" + chart_library() + "</script>";
    std::string out = html;
    const auto at = out.find(library);
    EXPECT_NE(at, std::string::npos) << "the page holds the charting library";
    if (at != std::string::npos) out.erase(at, library.size());
    const std::string glue = "\n<script>";
    if (const auto g = out.find(glue, at == std::string::npos ? 0 : at); g != std::string::npos)
        out.erase(g + 1, out.find("</script>", g) + 9 - g - 1);
    const std::string spec = "<script type=\"application/json\" class=\"chart-spec\">";
    for (auto s = out.find(spec); s != std::string::npos; s = out.find(spec, s)) {
        const auto end = out.find("</script>", s);
        const std::string json = out.substr(s + spec.size(), end - s - spec.size());
        EXPECT_EQ(json.find('<'), std::string::npos) << json;
        EXPECT_TRUE(nlohmann::json::accept(json)) << json;
        out.erase(s, end + 9 - s);
    }
    return out;
}

// Every tag opened is closed in order (void elements and "/>" excepted); returns what is wrong, or "".
std::string nesting_problem(const std::string& html) {
    static const std::regex tag(R"(<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>)");
    static const std::set<std::string> void_elements = {"meta", "br", "hr", "img", "input", "link"};
    std::vector<std::string> open;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) {
        const std::string name = (*it)[2], rest = (*it)[3];
        if ((*it)[1] == "/") {
            if (open.empty() || open.back() != name) return "</" + name + "> closes " + (open.empty() ? "nothing" : open.back());
            open.pop_back();
        } else if (!void_elements.count(name) && (rest.empty() || rest.back() != '/')) {
            open.push_back(name);
        }
    }
    return open.empty() ? "" : "<" + open.back() + "> is never closed";
}

TEST(HtmlReport, IsWellFormedSelfContainedAndHasAHistogramPerStatistic) {
    const auto diamant = testing_support::load_rules("diamant.rules");
    ASSERT_TRUE(diamant);
    const std::string page = page_of(diamant, 3, "random,cautious,bold");
    const std::string html = without_scripts(page);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html", 0), 0U);
    EXPECT_EQ(html.substr(html.size() - 8), "</html>\n");
    EXPECT_EQ(nesting_problem(html), "");
    for (const char* outside : {"http:", "https:", "src=", "href=", "<link", "<script", "url(", "@import"})
        EXPECT_EQ(html.find(outside), std::string::npos) << outside;
    // Every statistic with a histogram, but those that are true or false (0 or 1): rates with their intervals.
    std::vector<std::string> statistics = {"game length (actions)", "legal choices per decision"};
    for (const auto& s : diamant->stats()) statistics.push_back(s.name);
    for (const auto& name : statistics) {
        const bool rate = name == "ended_on_hazard" || name == "won";
        // A per-player statistic's seats play different bots here: no histogram pools them.
        const bool per_player = std::any_of(diamant->stats().begin(), diamant->stats().end(),
                                            [&](const auto& s) { return s.name == name && s.per_player; });
        EXPECT_EQ(html.find("<div class=\"chart histogram\" data-statistic=\"" + name + "\"") != std::string::npos,
                  !rate && !per_player)
            << name;
    }
    EXPECT_NE(html.find("&mdash; true in "), std::string::npos);
    EXPECT_NE(html.find("<div class=\"chart win-rates\""), std::string::npos);
    // Per-player statistics are given seat by seat, with each seat's bot, as a table and a chart.
    EXPECT_NE(html.find("<table class=\"per-seat\">"), std::string::npos);
    EXPECT_NE(html.find("<div class=\"chart per-seat\""), std::string::npos);
    EXPECT_NE(html.find("their samples are not pooled"), std::string::npos);
    for (const char* shown : {"player 2 (cautious)", "player 3 (bold)", "option rounds", "fair share",
                              "the seats play different bots: no first-seat figure"})
        EXPECT_NE(page.find(shown), std::string::npos) << shown;  // "fair share" is written on the chart
    EXPECT_EQ(html.find("first seat's share of the wins"), std::string::npos);
    // The same bot in every seat: the first seat's figure is meaningful, and seats may be pooled in a histogram.
    const std::string alike = page_of(diamant, 3, "random,random,random");
    EXPECT_NE(alike.find("first seat's share of the wins"), std::string::npos);
    EXPECT_EQ(alike.find("their samples are not pooled"), std::string::npos);
    EXPECT_NE(alike.find("every seat (all play random)"), std::string::npos);
}

TEST(HtmlReport, EscapesTheTextsOfTheRulesFile) {
    const auto game = testing_support::load_text("html_escapes", R"(
game "Tags <b> & co" {
  players 2
}
play {
  let x = choose one of [1, 2] by first_player()
  record x as picked
  end game
}
stat picked "the <script>alert(1)</script> pick"
)");
    ASSERT_TRUE(game);
    const std::string html = without_scripts(page_of(game, 2, "random,random"));
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_NE(html.find("Tags &lt;b&gt; &amp; co"), std::string::npos);
    EXPECT_EQ(nesting_problem(html), "");
}

TEST(HtmlReport, AComparisonShowsBothFilesFiguresSideBySide) {
    // Pig to 100 against Pig to 30: shorter games, beyond chance.
    const auto to_100 = testing_support::load_rules("pig.rules");
    std::ifstream source(std::string(RULESRUN_SOURCE_DIR) + "/rules/pig.rules");
    std::string text((std::istreambuf_iterator<char>(source)), std::istreambuf_iterator<char>());
    text.replace(text.find("= 100 \"points"), 5, "= 30");
    const auto to_30 = testing_support::load_text("pig_to_30", text);
    ASSERT_TRUE(to_100 && to_30);
    auto request = [](const std::shared_ptr<const runtime::GameDefinition>& game) {
        SimulationRequest r;
        r.game = game;
        r.settings = runtime::resolve_settings(*game, {2, {}, 3});
        r.bots = parse_bot_list("hold_at_20,hold_at_20", game->strategies(), false);
        r.games = 200;
        return r;
    };
    const SimulationRequest a = request(to_100), b = request(to_30);
    const ComparisonReport report = compare_simulations(a, b);
    const std::string page = comparison_html({"pig.rules", "pig <30>.rules", a.settings, b.settings, a.bots}, report);
    const std::string html = without_scripts(page);
    EXPECT_NE(html.find("<div class=\"chart changes\""), std::string::npos);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html", 0), 0U);
    EXPECT_EQ(nesting_problem(html), "");
    EXPECT_NE(html.find("pig &lt;30&gt;.rules"), std::string::npos);
    EXPECT_NE(html.find("target=100"), std::string::npos);
    EXPECT_NE(html.find("target=30"), std::string::npos);
    for (const auto& f : report.figures) EXPECT_NE(html.find(">" + f.name + "<"), std::string::npos) << f.name;
    EXPECT_NE(html.find("<tr class=\"significant\"><td>game length (actions)"), std::string::npos) << html;
    EXPECT_NE(html.find("<tr><td>share of the wins: player 1 (%)"), std::string::npos) << "a difference within chance is not bold";
}

TEST(HtmlReport, TunesPageShowsEachTargetAndEveryRound) {
    const auto tune = nlohmann::json::parse(R"({"best": {"target": "40"}, "games": 400, "bots": "random",
        "rounds": [{"games": 100, "candidates": [{"settings": {"target": "40"}, "distance": 0.1},
                                                  {"settings": {"target": "<90>"}, "distance": 0.8}]},
                   {"games": 400, "candidates": [{"settings": {"target": "40"}, "distance": 0.05}]}],
        "targets": [{"figure": "length", "target": 60, "mean": 58.2, "low": 55.1, "high": 61.3, "met": true}],
        "met": true, "warnings": ["a <warning>"]})");
    const std::string html = without_scripts(tune_html("Pig", tune));
    EXPECT_EQ(nesting_problem(html), "");
    EXPECT_NE(html.find("<h1>Pig: tune</h1>"), std::string::npos);
    EXPECT_NE(html.find("<div class=\"chart target\" data-figure=\"length\""), std::string::npos);
    EXPECT_NE(html.find("<div class=\"chart rounds\""), std::string::npos);
    EXPECT_NE(html.find("58.2 [55.1, 61.3]"), std::string::npos);
    EXPECT_NE(html.find("a &lt;warning&gt;"), std::string::npos);
    EXPECT_EQ(html.find("<90>"), std::string::npos);
}

}  // namespace
}  // namespace rulesrun::cli
