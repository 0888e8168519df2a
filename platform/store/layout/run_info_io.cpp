#include "store/layout/run_info_io.hpp"

#include "store/encoding/value_encoding.hpp"
#include "store/hdf5/attribute_io.hpp"
#include "store/hdf5/group_links.hpp"

namespace assay {

namespace {
void write_text(hid_t object, const char* name, const std::string& text, const StoreTypes& types) {
  write_value_attribute(object, name, Value(text), types);
}

std::string read_text(hid_t object, const char* name, const StoreTypes& types) {
  const auto value = read_attribute(object, name, types);
  if (!value) return {};
  return value->kind() == Kind::string ? value->as_string() : to_text(*value);
}

H5Group create_group(hid_t parent, const std::string& name, const StoreTypes& types) {
  return H5Group(
      H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, types.group_creation.get(), H5P_DEFAULT),
      "create group '" + name + "'");
}

void write_texts(hid_t object, const std::map<std::string, std::string>& texts,
                 const StoreTypes& types) {
  for (const auto& [key, text] : texts) write_text(object, key.c_str(), text, types);
}

std::map<std::string, std::string> read_texts(hid_t object, const StoreTypes& types) {
  std::map<std::string, std::string> texts;
  for_each_attribute(object, [&](const char* name, hid_t attribute) {
    const Value value = read_attribute_value(attribute, types);
    texts[name] = value.kind() == Kind::string ? value.as_string() : to_text(value);
  });
  return texts;
}

void write_provenance(hid_t file, const RunInfo& info, const StoreTypes& types) {
  const H5Group provenance = create_group(file, "provenance", types);
  write_texts(provenance.get(), info.provenance, types);
  const H5Group plugins = create_group(provenance.get(), "plugins", types);
  for (const auto& plugin : info.plugins) {
    const H5Group group = create_group(plugins.get(), plugin.name, types);
    write_text(group.get(), "path", plugin.path, types);
    write_text(group.get(), "version", plugin.version, types);
    write_text(group.get(), "sha256", plugin.sha256, types);
    write_text(group.get(), "license", plugin.license, types);
  }
  if (info.shards.empty()) return;
  const H5Group shards = create_group(provenance.get(), "shards", types);
  for (std::size_t k = 0; k < info.shards.size(); ++k)
    write_texts(create_group(shards.get(), std::to_string(k), types).get(), info.shards[k], types);
}

std::vector<std::map<std::string, std::string>> read_shards(hid_t provenance,
                                                            const StoreTypes& types) {
  std::vector<std::map<std::string, std::string>> shards;
  if (H5Lexists(provenance, "shards", H5P_DEFAULT) <= 0) return shards;
  const H5Group group(H5Gopen2(provenance, "shards", H5P_DEFAULT), "open shards");
  for (const auto& k : link_names(group.get())) {
    const H5Group shard(H5Gopen2(group.get(), k.c_str(), H5P_DEFAULT), "open shard");
    shards.push_back(read_texts(shard.get(), types));
  }
  return shards;
}

void read_provenance(hid_t file, const StoreTypes& types, RunInfo& info) {
  if (H5Lexists(file, "provenance", H5P_DEFAULT) <= 0) return;
  const H5Group provenance(H5Gopen2(file, "provenance", H5P_DEFAULT), "open /provenance");
  info.provenance = read_texts(provenance.get(), types);
  info.shards = read_shards(provenance.get(), types);
  if (H5Lexists(provenance.get(), "plugins", H5P_DEFAULT) <= 0) return;
  const H5Group plugins(H5Gopen2(provenance.get(), "plugins", H5P_DEFAULT), "open plugins");
  for (const auto& name : link_names(plugins.get())) {
    const H5Group group(H5Gopen2(plugins.get(), name.c_str(), H5P_DEFAULT), "open plugin");
    info.plugins.push_back(
        {name, read_text(group.get(), "version", types), read_text(group.get(), "path", types),
         read_text(group.get(), "sha256", types), read_text(group.get(), "license", types)});
  }
}
}  // namespace

void write_run_info(hid_t file, const RunInfo& info, const StoreTypes& types) {
  const H5Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open root group");
  write_text(root.get(), "assay_version", info.assay_version, types);
  write_uint64_attribute(root.get(), "result_format", kResultFormat, types);
  write_text(root.get(), "created_utc", info.created_utc, types);
  write_text(root.get(), "command", info.command, types);
  write_text(root.get(), "pipeline", info.pipeline_toml, types);
  write_text(root.get(), "pipeline_name", info.pipeline_name, types);
  write_text(root.get(), "fingerprint", info.fingerprint, types);
  write_uint64_attribute(root.get(), "planned_points", info.planned_points, types);
  write_string_list_attribute(root.get(), "swept_keys", info.swept_keys, types);
  if (!info.grown_from.empty())
    write_string_list_attribute(root.get(), "grown_from", info.grown_from, types);
  if (!info.provenance_outputs.empty())
    write_string_list_attribute(root.get(), "provenance_outputs", info.provenance_outputs, types);
  if (!info.figures.empty()) write_text(root.get(), "figures", info.figures, types);
  write_provenance(file, info, types);
}

void add_provenance_texts(hid_t file, const std::map<std::string, std::string>& texts,
                          const StoreTypes& types) {
  const H5Group provenance(H5Gopen2(file, "provenance", H5P_DEFAULT), "open /provenance");
  write_texts(provenance.get(), texts, types);
}

RunInfo read_run_info(hid_t file, const StoreTypes& types) {
  const H5Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open root group");
  RunInfo info;
  info.assay_version = read_text(root.get(), "assay_version", types);
  info.created_utc = read_text(root.get(), "created_utc", types);
  info.command = read_text(root.get(), "command", types);
  info.pipeline_toml = read_text(root.get(), "pipeline", types);
  info.pipeline_name = read_text(root.get(), "pipeline_name", types);
  info.fingerprint = read_text(root.get(), "fingerprint", types);
  if (H5Aexists(root.get(), "planned_points") > 0)
    info.planned_points = read_uint64_attribute(root.get(), "planned_points");
  if (H5Aexists(root.get(), "swept_keys") > 0)
    info.swept_keys = read_string_list_attribute(root.get(), "swept_keys", types);
  if (H5Aexists(root.get(), "grown_from") > 0)
    info.grown_from = read_string_list_attribute(root.get(), "grown_from", types);
  if (H5Aexists(root.get(), "provenance_outputs") > 0)
    info.provenance_outputs = read_string_list_attribute(root.get(), "provenance_outputs", types);
  if (H5Aexists(root.get(), "figures") > 0) info.figures = read_text(root.get(), "figures", types);
  read_provenance(file, types, info);
  return info;
}

bool has_run_info(hid_t file) { return H5Aexists(file, "fingerprint") > 0; }

}  // namespace assay
