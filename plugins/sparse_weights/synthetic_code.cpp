#include "synthetic_code.hpp"

#include <random>

namespace assay::sparse_weights {

namespace {

class Writer {
 public:
  explicit Writer(nn::Rng& rng) : rng_(rng) {}

  void put(char c) {
    out_.text += c;
    out_.quote.push_back(quote_);
    out_.depth.push_back(depth_);
    out_.indent.push_back(indent_);
    out_.header.push_back(header_);
  }
  void put(const std::string& s) {
    for (char c : s) put(c);
  }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  std::string name() {
    static const char* names[] = {"x", "total", "value", "items", "count", "node", "f", "key"};
    return names[pick(8)];
  }

  void string_literal() {
    const char q = pick(2) ? '"' : '\'';
    quote_ = q == '"' ? Quote::double_ : Quote::single;
    put(q);
    static const char inner[] = "ab (c]{d} e'\"";
    for (int i = 0, n = 1 + pick(6); i < n; ++i) {
      const char c = inner[pick(sizeof inner - 1)];
      put(c == q ? 'z' : c);
    }
    put(q);
    quote_ = Quote::none;
  }

  void expr(int budget) {
    const int kind = budget > 0 ? pick(5) : pick(3);
    if (kind == 0) return put(name());
    if (kind == 1) return put(std::to_string(pick(1000)));
    if (kind == 2) return string_literal();
    if (kind == 3) put(name());
    const char open = kind == 3 ? '(' : '[', close = kind == 3 ? ')' : ']';
    ++depth_;
    put(open);
    expr(budget - 1);
    put(", ");
    expr(budget - 1);
    --depth_;
    put(close);
  }

  void function() {
    indent_ = 0;
    put("def");
    header_ = true;
    put(" " + name());
    ++depth_;
    put('(');
    put(name() + ", " + name());
    --depth_;
    put(')');
    header_ = false;
    put(":\n");
    for (int s = 0, n = 1 + pick(4); s < n; ++s) statement(s == n - 1);
    indent_ = 0;
    put('\n');
  }

  void statement(bool last) {
    for (int i = 1; i <= 4; ++i) {  // the level is reached with the fourth space
      indent_ = i / 4;
      put(' ');
    }
    put(last ? "return " : name() + " = ");
    expr(2);
    indent_ = 0;  // a newline starts the next line
    put('\n');
  }

  SyntheticCode take() { return std::move(out_); }

 private:
  nn::Rng& rng_;
  SyntheticCode out_;
  Quote quote_ = Quote::none;
  int depth_ = 0, indent_ = 0;
  bool header_ = false;
};

}  // namespace

SyntheticCode synthetic_code(int functions, nn::Rng& rng) {
  Writer w(rng);
  for (int f = 0; f < functions; ++f) w.function();
  return w.take();
}

}  // namespace assay::sparse_weights
