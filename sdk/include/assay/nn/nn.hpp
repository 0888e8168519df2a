// The whole training toolkit: tape autodiff, operations, layers, optimisers and schedules.
// Link Assay::nn. Probes, spectra, quantiles and metrics are Assay::stats (assay/stats/).
//
//   nn::Rng rng(ctx.seed());
//   nn::ParameterSet params;                                   // float; <double> for checks
//   nn::Mlp mlp(params, "mlp", {2, 16, 1}, nn::Activation::tanh, rng);
//   nn::Adam opt(params, {.lr = 1e-2});
//   nn::Tape tape;
//   for (int step = 0; step < steps; ++step) {
//     tape.clear();                                            // reuses last step's buffers
//     opt.zero_grad();
//     auto loss = nn::bce_with_logits(mlp(tape.constant(x)), y);
//     tape.backward(loss);
//     opt.step();
//   }
//   params["mlp.0.weight"].value(3, 1) = 0;                    // ablate one weight by name
//
// Everything is single-threaded and deterministic: the same seed gives the same weights and
// trajectory. Built with -mavx2 -mfma (from Assay::sdk). On CPUs with AVX-512, float products,
// GELU, softmax and the norms run on kernels chosen at run time (double always uses Eigen), so
// float trajectories agree between CPUs with and without AVX-512 only to float rounding.
#pragma once

#include "assay/nn/attention.hpp"
#include "assay/nn/generation.hpp"
#include "assay/nn/gpt.hpp"
#include "assay/nn/kv_cache.hpp"
#include "assay/nn/linear.hpp"
#include "assay/nn/matrix.hpp"
#include "assay/nn/mlp.hpp"
#include "assay/nn/norm.hpp"
#include "assay/nn/ops.hpp"
#include "assay/nn/optim.hpp"
#include "assay/nn/parameter.hpp"
#include "assay/nn/recurrent.hpp"
#include "assay/nn/schedule.hpp"
#include "assay/nn/tape.hpp"
#include "assay/nn/training.hpp"
#include "assay/nn/vision.hpp"
