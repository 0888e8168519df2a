// The tape's records, seen only by the library's sources. Nodes are stored in creation
// order, which is a topological order, so backward() walks them in reverse.
#pragma once

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "assay/nn/tape.hpp"
#include "gemm.hpp"

namespace assay::nn {

template <class T>
struct Node {
  Mat<T> value;
  const Mat<T>* value_ref = nullptr;  // a parameter's value, not copied
  Mat<T> grad;
  Mat<T>* grad_ref = nullptr;  // a parameter's grad, accumulated in place
  // What the backward pass needs beyond the inputs and the value (e.g. softmax
  // probabilities); kept here rather than in the closure so the buffers are recycled.
  Mat<T> saved;
  bool requires_grad = false;
  // For a slice_rows result: the sliced node and the first row, so that concat_rows of the
  // slices in order gives back that node instead of a copy.
  int rows_of = -1;
  Index first_row = 0;
  // Pushes this node's gradient to its inputs.
  std::function<void(TapeImpl<T>& tape, int self)> backward;

  const Mat<T>& val() const { return value_ref ? *value_ref : value; }
  Mat<T>& grad_storage() { return grad_ref ? *grad_ref : grad; }
};

// Training repeats the same shapes every step, so matrices freed by clear() are kept by size
// and handed out again: without this, large buffers go back to the kernel (mmap/munmap) and
// every step pays page faults for them.
template <class T>
class MatrixPool {
 public:
  Mat<T> take(Index rows, Index cols) {
    auto it = spare_.find(rows * cols);
    if (it == spare_.end() || it->second.empty()) return Mat<T>(rows, cols);
    Mat<T> m = std::move(it->second.back());
    it->second.pop_back();
    m.resize(rows, cols);  // same size: keeps the buffer
    return m;
  }
  void give(Mat<T>& m) {
    if (m.size() != 0) spare_[m.size()].push_back(std::move(m));
    m.resize(0, 0);
  }
  // Drops what the last step did not reuse, so the pool never outgrows one step.
  void drop_unused() { spare_.clear(); }

 private:
  std::unordered_map<Index, std::vector<Mat<T>>> spare_;
};

template <class T>
struct TapeImpl {
  using Backward = std::function<void(TapeImpl<T>& tape, int self)>;

  std::vector<Node<T>> nodes;
  std::unordered_map<const Parameter<T>*, int> param_nodes;
  std::map<std::string, typename Tape<T>::Hook, std::less<>> hooks;
  typename Tape<T>::Hook hook_all;
  bool grad_enabled = true;
  MatrixPool<T> pool;

  const Mat<T>& val(int id) const { return nodes[id].val(); }
  const Mat<T>& grad(int id) { return nodes[id].grad_storage(); }
  Mat<T>& saved(int id) { return nodes[id].saved; }
  bool needs(int id) const { return nodes[id].requires_grad; }
  Mat<T> take(Index rows, Index cols) { return pool.take(rows, cols); }

  // Records a result. It keeps `backward` (and `saved`) only if grad mode is on and an input
  // needs a gradient.
  int push(Mat<T> value, bool inputs_need_grad, Backward backward, Mat<T> saved = Mat<T>()) {
    Node<T> n;
    n.value = std::move(value);
    n.requires_grad = grad_enabled && inputs_need_grad;
    if (n.requires_grad) {
      n.backward = std::move(backward);
      n.saved = std::move(saved);
    } else {
      pool.give(saved);
    }
    nodes.push_back(std::move(n));
    return static_cast<int>(nodes.size()) - 1;
  }

  // Adds `e` to the gradient of node `id` (assigns on first use); no-op if it needs none.
  template <class Expr>
  void accumulate(int id, const Expr& e) {
    Node<T>& n = nodes[id];
    if (!n.requires_grad) return;
    Mat<T>& g = n.grad_storage();
    if (g.size() == 0) {
      g = take(e.rows(), e.cols());
      g.noalias() = e;
    } else {
      g.noalias() += e;
    }
  }

  // Adds alpha op(a) op(b) to the gradient of node `id`, the product written straight into it.
  template <class A, class B>
  void accumulate_product(int id, const A& a, bool ta, const B& b, bool tb, T alpha = T(1)) {
    bool adds = false;
    Mat<T>* g = gradient_buffer(id, &adds);
    if (g == nullptr) return;
    Mat<T> scratch = tb ? take(b.cols(), b.rows()) : Mat<T>();
    gemm(a, ta, b, tb, *g, alpha, adds ? Store::add : Store::assign, nullptr, &scratch);
    pool.give(scratch);
  }

  // The gradient buffer of node `id` for an operation that writes it row by row: null if the
  // node needs none; else the buffer, allocated (uninitialised) if the node had none yet, with
  // *adds telling whether to add to it (true) or overwrite it.
  Mat<T>* gradient_buffer(int id, bool* adds) {
    Node<T>& n = nodes[id];
    if (!n.requires_grad) return nullptr;
    Mat<T>& g = n.grad_storage();
    *adds = g.size() != 0;
    if (!*adds) g = take(n.val().rows(), n.val().cols());
    return &g;
  }

  // Adds `e` to the block of node `id`'s gradient that starts at (row, col).
  template <class Expr>
  void accumulate_block(int id, Index row, Index col, const Expr& e) {
    Node<T>& n = nodes[id];
    if (!n.requires_grad) return;
    Mat<T>& g = n.grad_storage();
    if (g.size() == 0) {
      g = take(n.val().rows(), n.val().cols());
      g.setZero();
    }
    g.block(row, col, e.rows(), e.cols()) += e;
  }

  // accumulate() for a gradient computed into its own buffer (from take()): moved in if the
  // node has none yet, else added and recycled.
  void accumulate_owned(int id, Mat<T>& m) {
    Node<T>& n = nodes[id];
    Mat<T>& g = n.grad_storage();
    if (!n.requires_grad) {
    } else if (g.size() == 0) {
      g = std::move(m);
    } else {
      g += m;
    }
    pool.give(m);
  }

  // Forgets all nodes, keeping their buffers for the next step.
  void recycle() {
    pool.drop_unused();
    for (auto& n : nodes) {
      pool.give(n.value);
      pool.give(n.grad);
      pool.give(n.saved);
    }
    nodes.clear();
    param_nodes.clear();
  }
};

// The sum of a row-major matrix's rows (1 x cols), added row after row: Eigen's colwise().sum()
// walks a row-major matrix column by column, several times slower for bias gradients.
template <class Derived>
Eigen::Matrix<typename Derived::Scalar, 1, Eigen::Dynamic> sum_of_rows(
    const Eigen::MatrixBase<Derived>& m) {
  Eigen::Matrix<typename Derived::Scalar, 1, Eigen::Dynamic> total =
      Eigen::Matrix<typename Derived::Scalar, 1, Eigen::Dynamic>::Zero(m.cols());
  for (Index i = 0; i < m.rows(); ++i) total += m.row(i);
  return total;
}

template <class T>
TapeImpl<T>& impl_of(Var<T> v) {
  if (!v.valid()) throw std::invalid_argument("assay::nn: operation on an empty Var");
  return v.tape().impl();
}

template <class T>
Var<T> make_var(Var<T> like, int id) {
  return Var<T>(&like.tape(), id);
}

[[noreturn]] void throw_shape_error(const char* op, Index r1, Index c1, Index r2, Index c2);

template <class T>
void require_same_tape(const char* op, Var<T> a, Var<T> b) {
  if (&a.tape() != &b.tape()) {
    throw std::invalid_argument(std::string("assay::nn: ") + op + ": Vars from different tapes");
  }
}

}  // namespace assay::nn

// Instantiates a macro for every scalar type the library supports.
#define ASSAY_NN_FOR_SCALARS(M) M(float) M(double)
