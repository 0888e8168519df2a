#include "model_checkpoint.hpp"

#include <stdexcept>
#include <string>

namespace assay::state_prediction {

nn::Checkpoint<float> make_model_checkpoint(InterleavedLm& model) {
  nn::ModelConfig config = nn::to_config(model.gpt().config());
  config.push_back({"arm", arm_name(model.layout().arm())});
  config.push_back({"window", static_cast<std::int64_t>(model.layout().window())});
  return nn::make_checkpoint(model.params(), std::move(config));
}

std::unique_ptr<InterleavedLm> load_model_checkpoint(const nn::Checkpoint<float>& checkpoint) {
  const nn::GptConfig gpt = nn::gpt_config(checkpoint.config);
  const std::string& arm_text = nn::config_string(checkpoint.config, "arm");
  Arm arm = Arm::standard;
  bool known = false;
  for (Arm a : {Arm::standard, Arm::separated, Arm::pause})
    if (arm_name(a) == arm_text) arm = a, known = true;
  if (!known)
    throw std::invalid_argument("model: arm '" + arm_text +
                                "' is not standard, separated or pause");
  const ModelSize size{gpt.layers, gpt.dim, gpt.heads, nn::config_int(checkpoint.config, "window")};
  nn::Rng rng(0);  // every parameter is then overwritten by the checkpoint's
  auto model = std::make_unique<InterleavedLm>(arm, size, gpt.vocab, rng);
  nn::load_checkpoint(checkpoint, model->params());
  return model;
}

}  // namespace assay::state_prediction
