// Typed bindings: a method declares each param, input and output once, against the member
// of a plain struct of its science that carries it. The default of a param is the struct's
// initialiser; the run function receives the filled struct and returns the output struct.
//
//   struct Settings { int rows = 3; std::optional<double> scale; };
//   struct Summary { double mean = 0; std::vector<Step> history; };
//
//   assay::method<Settings, Summary>("demo", "what it does")
//       .param(&Settings::rows, "rows", "number of rows", assay::range(1, 1 << 20))
//       .param(&Settings::scale, "scale", "unset: the data's own scale")  // optional
//       .output(&Summary::mean, "mean", "mean of the entries")
//       .output(&Summary::history, "history", "one row per step",
//               assay::columns<Step>().column(&Step::loss, "loss"))
//       .run([](const Settings& s, assay::Context& ctx) { return demo(s, ctx.rng()); });
//
// A member is named by a member pointer or by any callable returning a reference to it
// (`[](auto& s) -> auto& { return s.episode.segments; }`), so nested science structs bind
// directly. std::optional members are optional params, inputs and outputs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "assay/context.hpp"
#include "assay/method.hpp"

namespace assay {

namespace binding {
template <class T>
struct Optional : std::false_type {};
template <class T>
struct Optional<std::optional<T>> : std::true_type {
  using type = T;
};
// The type of the member `access` names in a struct S.
template <class Access, class S>
using Member = std::remove_cvref_t<std::invoke_result_t<Access, S&>>;

template <class T>
auto column_cell(const T& x) {
  if constexpr (std::is_floating_point_v<T>)
    return static_cast<double>(x);
  else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>)
    return static_cast<std::int64_t>(x);
  else
    return std::string(x);
}
}  // namespace binding

// Table columns bound to members of a row struct, so a std::vector<Row> output is stored as
// a Table with one column per bound member.
template <class Row>
class Columns {
 public:
  template <class Access>
  Columns& column(Access access, std::string name) {
    adders_.push_back([access, name = std::move(name)](const std::vector<Row>& rows, Table& t) {
      using Cell = decltype(binding::column_cell(std::invoke(access, std::declval<const Row&>())));
      std::vector<Cell> cells;
      cells.reserve(rows.size());
      for (const auto& row : rows) cells.push_back(binding::column_cell(std::invoke(access, row)));
      t.add(name, std::move(cells));
    });
    return *this;
  }

  Table table(const std::vector<Row>& rows) const {
    Table t;
    for (const auto& add : adders_) add(rows, t);
    return t;
  }

 private:
  std::vector<std::function<void(const std::vector<Row>&, Table&)>> adders_;
};

template <class Row>
Columns<Row> columns() {
  return {};
}

template <class In, class Out>
class MethodBuilder {
  static_assert(std::is_default_constructible_v<In>, "the params struct needs a default");

 public:
  MethodBuilder(std::string id, std::string summary)
      : info_(assay::method(std::move(id), std::move(summary))) {}

  MethodBuilder& cite(std::string citation) {
    info_.cite(std::move(citation));
    return *this;
  }
  MethodBuilder& not_reentrant() {
    info_.not_reentrant();
    return *this;
  }
  // Applies a function that declares a group of bindings shared by several methods.
  template <class Declare>
  MethodBuilder& with(Declare declare) {
    declare(*this);
    return *this;
  }

  // A param; its default is the member's value in a default-constructed In. An optional
  // member is an optional param: unset, the method sees std::nullopt.
  template <class Access>
  MethodBuilder& param(Access access, std::string name, std::string doc,
                       Constraint constraint = {}) {
    using T = binding::Member<Access, In>;
    if constexpr (binding::Optional<T>::value) {
      using U = typename binding::Optional<T>::type;
      info_.add_param(
          {name, ParamTypeOf<U>::value, Value{}, std::move(constraint), std::move(doc), true});
      readers_.push_back([access, name](const Context& ctx, In& in) {
        if (ctx.has_param(name)) std::invoke(access, in) = ctx.param<U>(name);
      });
    } else {
      info_.add_param({name, ParamTypeOf<T>::value,
                       ValueCodec<T>::encode(std::invoke(access, defaults_)), std::move(constraint),
                       std::move(doc)});
      read_param<T>(access, std::move(name));
    }
    return *this;
  }
  // A param without a default: every pipeline must set it.
  template <class Access>
  MethodBuilder& required(Access access, std::string name, std::string doc,
                          Constraint constraint = {}) {
    using T = binding::Member<Access, In>;
    info_.add_param({name, ParamTypeOf<T>::value, Value{}, std::move(constraint), std::move(doc)});
    read_param<T>(access, std::move(name));
    return *this;
  }
  // A string param restricted to `choices`.
  template <class Access>
  MethodBuilder& choice(Access access, std::string name, std::vector<std::string> choices,
                        std::string doc) {
    info_.add_param({name, ParamType::choice, Value(std::string(std::invoke(access, defaults_))),
                     one_of(std::move(choices)), std::move(doc)});
    read_param<std::string>(access, std::move(name));
    return *this;
  }
  // A choice stored as an enum (or any value type): each option's text maps to its value.
  template <class Access>
  requires(!std::same_as<binding::Member<Access, In>, std::string>) MethodBuilder& choice(
      Access access, std::string name,
      std::vector<std::pair<std::string, binding::Member<Access, In>>> options, std::string doc) {
    std::vector<std::string> texts;
    std::string default_text;
    for (const auto& [text, value] : options) {
      texts.push_back(text);
      if (value == std::invoke(access, defaults_)) default_text = text;
    }
    info_.add_param({name, ParamType::choice, default_text.empty() ? Value{} : Value(default_text),
                     one_of(std::move(texts)), std::move(doc)});
    readers_.push_back([access, name, options](const Context& ctx, In& in) {
      const auto text = ctx.param<std::string>(name);
      for (const auto& [option, value] : options)
        if (option == text) std::invoke(access, in) = value;
    });
    return *this;
  }

  // An input port; an optional member is an input that may stay unconnected.
  template <class Access>
  MethodBuilder& input(Access access, std::string name, std::string doc) {
    using T = binding::Member<Access, In>;
    if constexpr (binding::Optional<T>::value) {
      using U = typename binding::Optional<T>::type;
      info_.add_port(info_.inputs, {name, ValueCodec<U>::kind, std::move(doc), true});
      readers_.push_back([access, name](const Context& ctx, In& in) {
        if (ctx.has_input(name)) std::invoke(access, in) = ctx.input<U>(name);
      });
    } else {
      info_.add_port(info_.inputs, {name, ValueCodec<T>::kind, std::move(doc), false});
      readers_.push_back([access, name](const Context& ctx, In& in) {
        std::invoke(access, in) = ctx.input<T>(name);
      });
    }
    return *this;
  }

  // An output; an optional member is an output a point may omit (absent from the point,
  // NaN or empty in /index).
  template <class Access>
  MethodBuilder& output(Access access, std::string name, std::string doc) {
    using T = binding::Member<Access, Out>;
    if constexpr (binding::Optional<T>::value) {
      using U = typename binding::Optional<T>::type;
      info_.add_port(info_.outputs, {name, ValueCodec<U>::kind, std::move(doc), true});
      writers_.push_back([access, name](Out& out, Context& ctx) {
        if (auto& value = std::invoke(access, out)) ctx.output(name, std::move(*value));
      });
    } else {
      info_.add_port(info_.outputs, {name, ValueCodec<T>::kind, std::move(doc), false});
      writers_.push_back([access, name](Out& out, Context& ctx) {
        ctx.output(name, std::move(std::invoke(access, out)));
      });
    }
    return *this;
  }
  // A std::string output naming what the method read (a content digest, a data version): also
  // recorded in the result's /provenance, so the run says which data it saw.
  template <class Access>
  MethodBuilder& provenance_output(Access access, std::string name, std::string doc) {
    static_assert(std::is_same_v<binding::Member<Access, Out>, std::string>,
                  "a provenance output is a std::string member");
    output(access, name, std::move(doc));
    info_.outputs.back().provenance = true;
    return *this;
  }
  // A std::vector<Row> output stored as a Table, one column per bound member of Row.
  template <class Access, class Row>
  MethodBuilder& output(Access access, std::string name, std::string doc, Columns<Row> columns) {
    info_.add_port(info_.outputs, {name, Kind::table, std::move(doc), false});
    writers_.push_back([access, name, columns = std::move(columns)](Out& out, Context& ctx) {
      ctx.output(name, columns.table(std::invoke(access, out)));
    });
    return *this;
  }

  MethodBuilder& claims(std::vector<Claim> list) {
    for (auto& c : list) info_.claim(std::move(c));
    return *this;
  }
  // A figure of the params and outputs declared before it (assay/figure.hpp).
  MethodBuilder& figure(Figure f) {
    info_.figure(std::move(f));
    return *this;
  }

  // Ends the declaration: `fn(const In&, Context&)` or `fn(const In&)` returns Out (or, with
  // Out = void, writes its outputs itself through the Context).
  template <class Fn>
  MethodExport run(Fn fn) {
    return {std::move(info_), [readers = std::move(readers_), writers = std::move(writers_),
                               fn = std::move(fn)](Context& ctx) {
              In in{};
              for (const auto& read : readers) read(ctx, in);
              if constexpr (std::is_void_v<Out>) {
                call(fn, in, ctx);
              } else {
                Out out = call(fn, in, ctx);
                for (const auto& write : writers) write(out, ctx);
              }
            }};
  }

 private:
  using Reader = std::function<void(const Context&, In&)>;
  // With Out = void the method writes its outputs itself and no writer is ever declared.
  using Writer = std::function<void(std::conditional_t<std::is_void_v<Out>, int, Out>&, Context&)>;

  template <class T, class Access>
  void read_param(Access access, std::string name) {
    readers_.push_back([access, name = std::move(name)](const Context& ctx, In& in) {
      std::invoke(access, in) = ctx.param<T>(name);
    });
  }

  template <class Fn>
  static decltype(auto) call(const Fn& fn, const In& in, Context& ctx) {
    if constexpr (std::is_invocable_v<const Fn&, const In&, Context&>)
      return fn(in, ctx);
    else
      return fn(in);
  }

  MethodInfo info_;
  In defaults_{};
  std::vector<Reader> readers_;
  std::vector<Writer> writers_;
};

// Starts a typed method: In carries its params and inputs, Out its outputs.
template <class In, class Out>
MethodBuilder<In, Out> method(std::string id, std::string summary) {
  return {std::move(id), std::move(summary)};
}

}  // namespace assay
