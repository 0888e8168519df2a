// Gpt::extend: the forward pass over the positions a key/value cache does not hold yet.
#include <stdexcept>

#include "assay/nn/kv_cache.hpp"
#include "gpt_parts.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
Var<T> Gpt<T>::extend(Tape<T>& tape, KvCache<T>& cache,
                      const std::vector<std::vector<int>>& sequences) const {
  if (tape.grad_enabled()) {
    throw std::logic_error(
        "assay::nn: Gpt::extend is inference only (the cache's attention has no backward pass); "
        "disable the tape's gradients (set_grad_enabled(false) or a NoGradScope)");
  }
  const std::vector<int> tokens = cache.new_tokens(this, config_, sequences);
  const Index batch = cache.batch();
  const Var<T> x =
      site(parts_->embed_site, add_positions_from(embed(tape, tokens), batch, cache.length()));
  const Attend cached = [&](Index layer, Var<T> q, Var<T> k, Var<T> v) {
    return tape.constant(cache.attend(layer, q.value(), k.value(), v.value()));
  };
  // The sink enters the cache once, as position 0, with the first tokens.
  const Var<T> hidden = stack(x, batch, parts_->sink != nullptr && cache.stored() == 0, cached);
  cache.commit(this, sequences);
  return unembed(hidden, tokens);
}

#define ASSAY_NN_INSTANTIATE(T) \
  template Var<T> Gpt<T>::extend(Tape<T>&, KvCache<T>&, const std::vector<std::vector<int>>&) const;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
