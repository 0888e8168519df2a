// Products, reductions and shape operations.
#include <string>

#include "assay/nn/ops.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
Var<T> matmul(Var<T> a, Var<T> b) {
  auto& t = impl_of(a);
  require_same_tape("matmul", a, b);
  const Mat<T>& A = a.value();
  const Mat<T>& B = b.value();
  if (A.cols() != B.rows()) throw_shape_error("matmul", A.rows(), A.cols(), B.rows(), B.cols());
  Mat<T> out = t.take(A.rows(), B.cols());
  gemm(A, false, B, false, out);
  const int ia = a.id(), ib = b.id();
  return make_var(a, t.push(std::move(out), t.needs(ia) || t.needs(ib), [ia, ib](auto& t, int s) {
    t.accumulate_product(ia, t.grad(s), false, t.val(ib), true);
    t.accumulate_product(ib, t.val(ia), true, t.grad(s), false);
  }));
}

template <class T>
Var<T> matmul_nt(Var<T> a, Var<T> b) {
  auto& t = impl_of(a);
  require_same_tape("matmul_nt", a, b);
  const Mat<T>& A = a.value();
  const Mat<T>& B = b.value();
  if (A.cols() != B.cols()) throw_shape_error("matmul_nt", A.rows(), A.cols(), B.rows(), B.cols());
  Mat<T> out = t.take(A.rows(), B.rows());
  Mat<T> scratch = t.take(B.cols(), B.rows());
  gemm(A, false, B, true, out, T(1), Store::assign, nullptr, &scratch);
  t.pool.give(scratch);
  const int ia = a.id(), ib = b.id();
  return make_var(a, t.push(std::move(out), t.needs(ia) || t.needs(ib), [ia, ib](auto& t, int s) {
    t.accumulate_product(ia, t.grad(s), false, t.val(ib), false);
    t.accumulate_product(ib, t.grad(s), true, t.val(ia), false);
  }));
}

template <class T>
Var<T> matmul_tn(Var<T> a, Var<T> b) {
  auto& t = impl_of(a);
  require_same_tape("matmul_tn", a, b);
  const Mat<T>& A = a.value();
  const Mat<T>& B = b.value();
  if (A.rows() != B.rows()) throw_shape_error("matmul_tn", A.rows(), A.cols(), B.rows(), B.cols());
  Mat<T> out = t.take(A.cols(), B.cols());
  gemm(A, true, B, false, out);
  const int ia = a.id(), ib = b.id();
  return make_var(a, t.push(std::move(out), t.needs(ia) || t.needs(ib), [ia, ib](auto& t, int s) {
    t.accumulate_product(ia, t.val(ib), false, t.grad(s), true);
    t.accumulate_product(ib, t.val(ia), false, t.grad(s), false);
  }));
}

template <class T>
Var<T> affine(Var<T> x, Var<T> w, Var<T> b) {
  auto& t = impl_of(x);
  require_same_tape("affine", x, w);
  const Mat<T>& X = x.value();
  const Mat<T>& W = w.value();
  if (X.cols() != W.cols()) throw_shape_error("affine", X.rows(), X.cols(), W.rows(), W.cols());
  Mat<T> out = t.take(X.rows(), W.rows());
  // W^T, copied for the product into a buffer the tape recycles every step.
  Mat<T> scratch = t.take(W.cols(), W.rows());
  const bool per_row_bias = b.valid() && b.rows() == X.rows() && b.rows() != 1;
  if (b.valid()) {
    const Mat<T>& B = b.value();
    if ((B.rows() != 1 && !per_row_bias) || B.cols() != W.rows()) {
      throw_shape_error("affine (bias)", B.rows(), B.cols(), X.rows(), W.rows());
    }
    if (per_row_bias) {
      out = B;
      gemm(X, false, W, true, out, T(1), Store::add, nullptr, &scratch);
    } else {
      gemm(X, false, W, true, out, T(1), Store::assign, B.data(), &scratch);
    }
  } else {
    gemm(X, false, W, true, out, T(1), Store::assign, nullptr, &scratch);
  }
  t.pool.give(scratch);
  const int ix = x.id(), iw = w.id(), ib = b.valid() ? b.id() : -1;
  const bool need = t.needs(ix) || t.needs(iw) || (ib >= 0 && t.needs(ib));
  return make_var(x, t.push(std::move(out), need, [ix, iw, ib, per_row_bias](auto& t, int s) {
    t.accumulate_product(ix, t.grad(s), false, t.val(iw), false);
    t.accumulate_product(iw, t.grad(s), true, t.val(ix), false);
    if (ib < 0) return;
    if (per_row_bias) {
      t.accumulate(ib, t.grad(s));
    } else {
      t.accumulate(ib, sum_of_rows(t.grad(s)));
    }
  }));
}

template <class T>
Var<T> sum(Var<T> a) {
  auto& t = impl_of(a);
  Mat<T> out(1, 1);
  out(0, 0) = a.value().sum();
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](auto& t, int s) {
    const Mat<T>& A = t.val(ia);
    t.accumulate(ia, Mat<T>::Constant(A.rows(), A.cols(), t.grad(s)(0, 0)));
  }));
}

template <class T>
Var<T> mean(Var<T> a) {
  const Index n = a.value().size();
  return scale(sum(a), T(1) / static_cast<T>(n));
}

template <class T>
Var<T> row_sums(Var<T> a) {
  auto& t = impl_of(a);
  Mat<T> out = a.value().rowwise().sum();
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](auto& t, int s) {
    t.accumulate(ia, t.grad(s).replicate(1, t.val(ia).cols()));
  }));
}

template <class T>
Var<T> column_sums(Var<T> a) {
  auto& t = impl_of(a);
  Mat<T> out = sum_of_rows(a.value());
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](auto& t, int s) {
    t.accumulate(ia, t.grad(s).replicate(t.val(ia).rows(), 1));
  }));
}

template <class T>
Var<T> transpose(Var<T> a) {
  auto& t = impl_of(a);
  Mat<T> out = t.take(a.cols(), a.rows());
  out = a.value().transpose();
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia),
                            [ia](auto& t, int s) { t.accumulate(ia, t.grad(s).transpose()); }));
}

template <class T>
Var<T> reshape(Var<T> a, Index rows, Index cols) {
  auto& t = impl_of(a);
  const Mat<T>& A = a.value();
  if (rows * cols != A.size()) throw_shape_error("reshape", A.rows(), A.cols(), rows, cols);
  Mat<T> out = t.take(rows, cols);
  out = Eigen::Map<const Mat<T>>(A.data(), rows, cols);
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](auto& t, int s) {
    const Mat<T>& A = t.val(ia);
    t.accumulate(ia, Eigen::Map<const Mat<T>>(t.grad(s).data(), A.rows(), A.cols()));
  }));
}

template <class T>
Var<T> concat_cols(const std::vector<Var<T>>& parts) {
  if (parts.empty()) throw std::invalid_argument("assay::nn: concat_cols: no parts");
  auto& t = impl_of(parts[0]);
  const Index rows = parts[0].rows();
  Index cols = 0;
  bool need = false;
  for (const auto& p : parts) {
    require_same_tape("concat_cols", parts[0], p);
    if (p.rows() != rows) throw_shape_error("concat_cols", rows, cols, p.rows(), p.cols());
    cols += p.cols();
    need = need || t.needs(p.id());
  }
  Mat<T> out = t.take(rows, cols);
  std::vector<std::pair<int, Index>> ids;  // (node, first column)
  Index at = 0;
  for (const auto& p : parts) {
    out.middleCols(at, p.cols()) = p.value();
    ids.emplace_back(p.id(), at);
    at += p.cols();
  }
  return make_var(parts[0], t.push(std::move(out), need, [ids](auto& t, int s) {
    for (auto [id, first] : ids) t.accumulate(id, t.grad(s).middleCols(first, t.val(id).cols()));
  }));
}

namespace {

// The node that `parts` slice in order, whole, with the same grad mode; -1 if none.
template <class T>
int sliced_whole(const TapeImpl<T>& t, const std::vector<Var<T>>& parts) {
  const int source = t.nodes[parts[0].id()].rows_of;
  if (source < 0) return -1;
  Index next = 0;
  for (const auto& p : parts) {
    const Node<T>& n = t.nodes[p.id()];
    if (n.rows_of != source || n.first_row != next || n.requires_grad != t.needs(source)) {
      return -1;
    }
    next += n.val().rows();
  }
  return next == t.val(source).rows() ? source : -1;
}

}  // namespace

template <class T>
Var<T> concat_rows(const std::vector<Var<T>>& parts) {
  if (parts.empty()) throw std::invalid_argument("assay::nn: concat_rows: no parts");
  auto& t = impl_of(parts[0]);
  const Index cols = parts[0].cols();
  Index rows = 0;
  bool need = false;
  for (const auto& p : parts) {
    require_same_tape("concat_rows", parts[0], p);
    if (p.cols() != cols) throw_shape_error("concat_rows", rows, cols, p.rows(), p.cols());
    rows += p.rows();
    need = need || t.needs(p.id());
  }
  // Restacking the steps of a fused recurrence, say, would copy them back into place.
  if (const int source = sliced_whole(t, parts); source >= 0) return make_var(parts[0], source);
  Mat<T> out = t.take(rows, cols);
  std::vector<std::pair<int, Index>> ids;  // (node, first row)
  Index at = 0;
  for (const auto& p : parts) {
    out.middleRows(at, p.rows()) = p.value();
    ids.emplace_back(p.id(), at);
    at += p.rows();
  }
  return make_var(parts[0], t.push(std::move(out), need, [ids](auto& t, int s) {
    for (auto [id, first] : ids) t.accumulate(id, t.grad(s).middleRows(first, t.val(id).rows()));
  }));
}

template <class T>
Var<T> slice_cols(Var<T> a, Index start, Index count) {
  auto& t = impl_of(a);
  const Mat<T>& A = a.value();
  if (start < 0 || count < 0 || start + count > A.cols()) {
    throw_shape_error("slice_cols (start, count)", A.rows(), A.cols(), start, count);
  }
  Mat<T> out = t.take(A.rows(), count);
  out = A.middleCols(start, count);
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia, start](auto& t, int s) {
    t.accumulate_block(ia, 0, start, t.grad(s));
  }));
}

template <class T>
Var<T> slice_rows(Var<T> a, Index start, Index count) {
  auto& t = impl_of(a);
  const Mat<T>& A = a.value();
  if (start < 0 || count < 0 || start + count > A.rows()) {
    throw_shape_error("slice_rows (start, count)", A.rows(), A.cols(), start, count);
  }
  Mat<T> out = t.take(count, A.cols());
  out = A.middleRows(start, count);
  const int ia = a.id();
  const int id = t.push(std::move(out), t.needs(ia), [ia, start](auto& t, int s) {
    t.accumulate_block(ia, start, 0, t.grad(s));
  });
  t.nodes[id].rows_of = ia;
  t.nodes[id].first_row = start;
  return make_var(a, id);
}

template <class T>
Var<T> gather_rows(Var<T> table, const std::vector<int>& rows) {
  auto& t = impl_of(table);
  const Mat<T>& A = table.value();
  Mat<T> out = t.take(static_cast<Index>(rows.size()), A.cols());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i] < 0 || rows[i] >= A.rows()) {
      throw std::out_of_range("assay::nn: gather_rows: index " + std::to_string(rows[i]) +
                              " outside a table of " + std::to_string(A.rows()) + " rows");
    }
    out.row(static_cast<Index>(i)) = A.row(rows[i]);
  }
  const int ia = table.id();
  return make_var(table, t.push(std::move(out), t.needs(ia), [ia, rows](auto& t, int s) {
    const Mat<T>& g = t.grad(s);
    Mat<T> scattered = t.take(t.val(ia).rows(), t.val(ia).cols());
    scattered.setZero();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      scattered.row(rows[i]) += g.row(static_cast<Index>(i));
    }
    t.accumulate_owned(ia, scattered);
  }));
}

template <class T>
Var<T> gather_cols(Var<T> a, const std::vector<int>& cols) {
  auto& t = impl_of(a);
  const Mat<T>& A = a.value();
  if (static_cast<Index>(cols.size()) != A.rows()) {
    throw_shape_error("gather_cols (one column per row)", A.rows(), A.cols(),
                      static_cast<Index>(cols.size()), 1);
  }
  Mat<T> out = t.take(A.rows(), 1);
  for (Index i = 0; i < A.rows(); ++i) {
    const int c = cols[static_cast<std::size_t>(i)];
    if (c < 0 || c >= A.cols()) {
      throw std::out_of_range("assay::nn: gather_cols: column " + std::to_string(c) +
                              " outside a matrix of " + std::to_string(A.cols()) + " columns");
    }
    out(i, 0) = A(i, c);
  }
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia, cols](auto& t, int s) {
    const Mat<T>& g = t.grad(s);
    Mat<T> scattered = t.take(t.val(ia).rows(), t.val(ia).cols());
    scattered.setZero();
    for (Index i = 0; i < g.rows(); ++i) scattered(i, cols[static_cast<std::size_t>(i)]) = g(i, 0);
    t.accumulate_owned(ia, scattered);
  }));
}

#define ASSAY_NN_INSTANTIATE(T)                                 \
  template Var<T> matmul(Var<T>, Var<T>);                       \
  template Var<T> matmul_nt(Var<T>, Var<T>);                    \
  template Var<T> matmul_tn(Var<T>, Var<T>);                    \
  template Var<T> affine(Var<T>, Var<T>, Var<T>);               \
  template Var<T> sum(Var<T>);                                  \
  template Var<T> mean(Var<T>);                                 \
  template Var<T> row_sums(Var<T>);                             \
  template Var<T> column_sums(Var<T>);                          \
  template Var<T> transpose(Var<T>);                            \
  template Var<T> reshape(Var<T>, Index, Index);                \
  template Var<T> concat_cols(const std::vector<Var<T>>&);      \
  template Var<T> concat_rows(const std::vector<Var<T>>&);      \
  template Var<T> slice_cols(Var<T>, Index, Index);             \
  template Var<T> slice_rows(Var<T>, Index, Index);             \
  template Var<T> gather_rows(Var<T>, const std::vector<int>&); \
  template Var<T> gather_cols(Var<T>, const std::vector<int>&);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
