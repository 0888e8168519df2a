#include "pipeline/parse/parse_sweep.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "pipeline/parse/sweep_draws.hpp"
#include "pipeline/parse/sweep_ranges.hpp"
#include "pipeline/validate/pipeline_names.hpp"

namespace assay {

namespace {

const char* const kSweepHint =
    "[sweep] holds \"node.param\" = [values], zip = [[\"a.x\", \"b.y\"]] and replicates = N";

struct SweepEntry {
  std::string key;  // "node.param"
  SourcePos key_pos;
  SweepList list;
};

struct ZipGroup {
  std::vector<std::string> keys;
  SourcePos pos;
};

bool written_before(const SourcePos& a, const SourcePos& b) {
  return std::tie(a.line, a.col) < std::tie(b.line, b.col);
}

SweepEntry read_entry(std::string key, SourcePos key_pos, const toml::node& list,
                      const TomlOrigin& origin) {
  if (!split_dotted(key))
    throw SourceError(key_pos, "sweep." + key, "a sweep key must be \"node.param\"", kSweepHint);
  auto values = read_sweep_list(list, origin, "sweep." + key);
  return {std::move(key), std::move(key_pos), std::move(values)};
}

void reject_duplicates(const std::vector<SweepEntry>& entries) {
  std::map<std::string, const SweepEntry*> seen;
  for (const auto& e : entries) {
    const auto [it, fresh] = seen.emplace(e.key, &e);
    if (!fresh)
      throw SourceError(
          e.key_pos, "sweep." + e.key,
          "swept twice (also at line " + std::to_string(it->second->key_pos.line) + ")",
          "keep one list for each key");
  }
}

// `data.rows = [...]` (a dotted key) arrives as a table `data` holding `rows`.
std::vector<SweepEntry> read_entries(const toml::table& sweep, const TomlOrigin& origin) {
  std::vector<SweepEntry> entries;
  for (const auto& [k, v] : sweep) {
    const std::string key(k.str());
    if (key == "zip" || key == "replicates") continue;
    const bool dotted = key.find('.') != std::string::npos;
    if (!dotted && v.is_table()) {
      for (const auto& [member, list] : *v.as_table())
        entries.push_back(read_entry(key + "." + std::string(member.str()),
                                     origin.pos(member.source()), list, origin));
    } else if (!dotted) {
      throw SourceError(origin.pos(k.source()), "sweep." + key, "unknown key in [sweep]",
                        did_you_mean(key, {"zip", "replicates"}) + kSweepHint);
    } else {
      entries.push_back(read_entry(key, origin.pos(k.source()), v, origin));
    }
  }
  // toml++ tables are sorted by key; the file's order is the axes' order.
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return written_before(a.key_pos, b.key_pos);
  });
  reject_duplicates(entries);
  return entries;
}

std::optional<ZipGroup> read_zip_group(const toml::node& node, const TomlOrigin& origin) {
  const auto* group = node.as_array();
  if (!group || group->empty()) return std::nullopt;
  ZipGroup out{{}, origin.pos(node.source())};
  for (const auto& key : *group) {
    if (!key.is_string()) return std::nullopt;
    out.keys.push_back(key.as_string()->get());
  }
  return out;
}

std::vector<ZipGroup> read_zip(const toml::node& zip, const TomlOrigin& origin) {
  const auto shape_error = [&](const toml::node& at) {
    return SourceError(origin.pos(at.source()), "sweep.zip",
                       "expected a list of non-empty lists of \"node.param\" keys",
                       "write zip = [[\"a.x\", \"b.y\"]]; each inner list names swept keys that "
                       "advance together");
  };
  const auto* groups = zip.as_array();
  if (!groups) throw shape_error(zip);
  std::vector<ZipGroup> out;
  for (const auto& node : *groups) {
    auto group = read_zip_group(node, origin);
    if (!group) throw shape_error(node);
    out.push_back(std::move(*group));
  }
  return out;
}

const SweepEntry& zipped_entry(const std::vector<SweepEntry>& entries, const std::string& key,
                               const ZipGroup& group) {
  const auto it = std::find_if(entries.begin(), entries.end(),
                               [&](const SweepEntry& e) { return e.key == key; });
  if (it == entries.end())
    throw SourceError(group.pos, "sweep.zip", "\"" + key + "\" has no list in [sweep]",
                      "add \"" + key + "\" = [values] to [sweep], or remove it from zip");
  return *it;
}

// Each zip group as its entries (in the group's order), with equal lengths.
std::vector<std::vector<const SweepEntry*>> resolve_zip(const std::vector<SweepEntry>& entries,
                                                        const std::vector<ZipGroup>& groups) {
  std::map<std::string, const ZipGroup*> owner;
  std::vector<std::vector<const SweepEntry*>> out;
  for (const auto& group : groups) {
    auto& members = out.emplace_back();
    for (const auto& key : group.keys) {
      if (!owner.emplace(key, &group).second)
        throw SourceError(group.pos, "sweep.zip", "\"" + key + "\" is zipped twice",
                          "name each swept key in at most one zip group");
      members.push_back(&zipped_entry(entries, key, group));
      const auto& first = *members.front();
      const auto& last = *members.back();
      if (last.list.values.size() != first.list.values.size())
        throw SourceError(group.pos, "sweep.zip",
                          "\"" + last.key + "\" has " + std::to_string(last.list.values.size()) +
                              " values but \"" + first.key + "\" has " +
                              std::to_string(first.list.values.size()),
                          "zipped lists advance together: give them equal lengths");
    }
  }
  return out;
}

SweepAxis make_axis(const std::vector<const SweepEntry*>& members) {
  SweepAxis axis;
  axis.pos = members.front()->key_pos;
  const auto steps = members.front()->list.values.size();
  axis.steps.resize(steps);
  axis.step_pos.resize(steps);
  for (const auto* m : members) {
    axis.keys.push_back(m->key);
    axis.key_pos.push_back(m->key_pos);
    axis.draws.push_back(m->list.draw);
    for (std::size_t i = 0; i < steps; ++i) {
      axis.steps[i].push_back(m->list.values[i]);
      axis.step_pos[i].push_back(m->list.pos[i]);
    }
  }
  return axis;
}

// One axis per list in file order; a zip group forms one axis where its first list is written.
std::vector<SweepAxis> make_axes(const std::vector<SweepEntry>& entries,
                                 const std::vector<std::vector<const SweepEntry*>>& zipped) {
  std::map<const SweepEntry*, std::size_t> group_of;
  for (std::size_t g = 0; g < zipped.size(); ++g)
    for (const auto* e : zipped[g]) group_of[e] = g;
  std::vector<SweepAxis> axes;
  std::vector<bool> made(zipped.size(), false);
  for (const auto& entry : entries) {
    const auto g = group_of.find(&entry);
    if (g == group_of.end()) {
      axes.push_back(make_axis({&entry}));
    } else if (!made[g->second]) {
      axes.push_back(make_axis(zipped[g->second]));
      made[g->second] = true;
    }
  }
  return axes;
}

}  // namespace

SweepList read_sweep_list(const toml::node& node, const TomlOrigin& origin,
                          const std::string& key) {
  if (const auto* rule = node.as_table())
    return is_sweep_draw(*rule) ? read_sweep_draw(*rule, origin, key)
                                : expand_sweep_range(*rule, origin, key);
  const auto* list = node.as_array();
  if (!list)
    throw SourceError(origin.pos(node.source()), key,
                      "expected a list of values, got " + toml_node_text(node),
                      "give the values as a list, e.g. [1, 2, 3], or a rule, e.g. "
                      "{ linspace = [0.0, 1.0, 5] }");
  if (list->empty())
    throw SourceError(origin.pos(node.source()), key, "empty sweep list",
                      "give at least one value, or remove the key");
  SweepList out;
  for (const auto& element : *list) {
    out.values.push_back(toml_to_value(element, origin, key));
    out.pos.push_back(origin.pos(element.source()));
  }
  return out;
}

std::int64_t read_replicates(const toml::node& node, const TomlOrigin& origin,
                             const std::string& key) {
  const auto* n = node.as_integer();
  if (!n || n->get() < 1)
    throw SourceError(origin.pos(node.source()), key,
                      "expected an integer >= 1, got " + toml_node_text(node),
                      "replicates is how often each point runs, each time with its own seed");
  return n->get();
}

SweepSection parse_sweep(const toml::table& sweep, const TomlOrigin& origin) {
  SweepSection out;
  const auto entries = read_entries(sweep, origin);
  std::vector<ZipGroup> groups;
  if (const auto* zip = sweep.get("zip")) groups = read_zip(*zip, origin);
  out.axes = make_axes(entries, resolve_zip(entries, groups));
  if (const auto* replicates = sweep.get("replicates"))
    out.replicates = read_replicates(*replicates, origin, "sweep.replicates");
  return out;
}

}  // namespace assay
