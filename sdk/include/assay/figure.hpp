// Figures: what a method's paper would show, declared as data beside its outputs, never as
// plotting code. A figure names the method's own outputs and params, "replicate", and
// "PORT.param": a param of the node feeding input PORT (the data a sweep varies usually comes
// from upstream). The host turns each name into the result's /index column of the pipeline's
// nodes ("node.name", "upstream.param") and records the figures in the result, where `assay
// report` draws them with mean and error bars over replicates; a column the run does not have
// (a param it did not sweep) is left out of the figure, or the figure is listed as not drawn.
//
//   assay::line("w2", "total_steps").by("score").titled("W2 against total steps")
//   assay::line("mean", "in.rows")  // against the rows param of the node feeding `in`
//
// Header-only plain data, like <assay/check.hpp>: the science may declare its figures too.
#pragma once

#include <string>
#include <vector>

namespace assay {

struct Figure {
  std::string kind;  // line | scatter | bar | heatmap | histogram
  std::string y;     // the measured scalar output (a heat map's cell colour, a histogram's values)
  std::string x;     // on x: a param, an output or "replicate"
  std::string colour;        // one series per value
  std::string facet;         // one panel per value
  std::string row;           // a heat map's rows
  std::string error = "se";  // bars over replicates: se | sd | none
  std::string title;         // empty: the report names it from its columns
  bool logx = false;
  bool logy = false;

  Figure& by(std::string column) {
    colour = std::move(column);
    return *this;
  }
  Figure& per(std::string column) {
    facet = std::move(column);
    return *this;
  }
  Figure& titled(std::string text) {
    title = std::move(text);
    return *this;
  }
  Figure& errors(std::string bars) {
    error = std::move(bars);
    return *this;
  }
  Figure& log_x() {
    logx = true;
    return *this;
  }
  Figure& log_y() {
    logy = true;
    return *this;
  }

  // The names this figure reads, in the order y, x, colour, facet, row (empty ones left out).
  std::vector<std::string> columns() const {
    std::vector<std::string> names;
    for (const auto* name : {&y, &x, &colour, &facet, &row})
      if (!name->empty()) names.push_back(*name);
    return names;
  }
};

// y against x, the mean over replicates joined by a line.
inline Figure line(std::string y, std::string x) { return {"line", std::move(y), std::move(x)}; }
// Every point, not averaged.
inline Figure scatter(std::string y, std::string x) {
  return {"scatter", std::move(y), std::move(x)};
}
// The mean of y per value of x (empty x: one bar).
inline Figure bar(std::string y, std::string x = {}) { return {"bar", std::move(y), std::move(x)}; }
// y's mean as the colour of the cell at (x, row).
inline Figure heatmap(std::string y, std::string x, std::string row) {
  Figure f{"heatmap", std::move(y), std::move(x)};
  f.row = std::move(row);
  return f;
}
// The distribution of y over the points.
inline Figure histogram(std::string y) { return {"histogram", std::move(y)}; }

}  // namespace assay
