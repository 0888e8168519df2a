// The stdlib's text methods (corpus, tokenizers, decoding, training windows) as exports for
// ASSAY_PLUGIN.
#pragma once

#include <assay/plugin.hpp>

namespace assay::stdlib {

MethodExport text_corpus_method();
MethodExport char_tokenizer_method();
MethodExport bpe_tokenizer_method();
MethodExport decode_tokens_method();
MethodExport token_batches_method();

}  // namespace assay::stdlib
