// The registry's checks before it loads a file (issue 34): a truncated or damaged library, a
// link that loops or leads nowhere, and a folder or file others could write are refused with
// the reason, and the scan goes on to load every other plugin.
#include <elf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include "registry/plugin_registry.hpp"
#include "support/assay_process.hpp"
#include "support/skip.hpp"

using namespace assay;
using assay::testing::TempFolder;
namespace fs = std::filesystem;

namespace {
const fs::path kExamples = fs::path(ASSAY_BUILD_PLUGIN_DIR) / "examples.so";
const fs::path kChatty = fs::path(ASSAY_BUILD_DIR) / "tests/chatty_plugin/chatty.so";

std::vector<char> bytes_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& file, const std::vector<char>& bytes, std::size_t count) {
  std::ofstream(file, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(count));
}

std::string refusal_of(const PluginRegistry& registry, const fs::path& path) {
  for (const auto& r : registry.refusals())
    if (r.path == path) return r.reason;
  return "";
}

bool loaded(const PluginRegistry& registry, const std::string& name) {
  for (const auto& p : registry.plugins())
    if (p->name == name) return true;
  return false;
}
}  // namespace

// A partial copy of a real plugin, cut at lengths from inside the ELF header to one byte short,
// sits beside a whole plugin: each cut is refused (dlopen of one used to raise SIGBUS and kill
// every command) and the whole plugin loads.
TEST_CASE("truncated copies of a plugin are refused and the other plugin loads", "[registry]") {
  const TempFolder folder("truncated");
  const auto whole = bytes_of(kExamples);
  REQUIRE(whole.size() > 4096);
  const std::vector<std::size_t> cuts = {0, 10, 63, 64, 1000, whole.size() / 2, whole.size() - 1};
  for (std::size_t i = 0; i < cuts.size(); ++i)
    write_bytes(fs::path(folder.path()) / ("cut" + std::to_string(i) + ".so"), whole, cuts[i]);
  fs::copy_file(kChatty, fs::path(folder.path()) / "whole.so");

  PluginRegistry registry;
  registry.load(folder.path());
  CHECK(loaded(registry, "chatty"));
  REQUIRE(registry.refusals().size() == cuts.size());
  for (std::size_t i = 0; i < cuts.size(); ++i) {
    const auto reason =
        refusal_of(registry, fs::path(folder.path()) / ("cut" + std::to_string(i) + ".so"));
    INFO("cut at " << cuts[i] << " bytes: " << reason);
    if (cuts[i] < 64)
      CHECK(reason == "not an ELF file: " + std::to_string(cuts[i]) +
                          " bytes, fewer than an ELF header's 64");
    else
      CHECK_THAT(reason, Catch::StartsWith("truncated or damaged ELF file") &&
                             Catch::EndsWith("past the end of the file's " +
                                             std::to_string(cuts[i]) + " bytes"));
  }
}

// A section-table offset near 2^64 must not wrap around the bounds check into the file.
TEST_CASE("a plugin whose section table offset is damaged is refused", "[registry]") {
  const TempFolder folder("damaged");
  auto bytes = bytes_of(kExamples);
  const std::uint64_t huge = ~std::uint64_t{0} - 100;
  std::memcpy(bytes.data() + offsetof(Elf64_Ehdr, e_shoff), &huge, sizeof huge);
  const auto file = fs::path(folder.path()) / "damaged.so";
  write_bytes(file, bytes, bytes.size());
  PluginRegistry registry;
  registry.load(file);
  CHECK_THAT(refusal_of(registry, file), Catch::StartsWith("truncated or damaged ELF file: its "
                                                           "section table ends at byte"));
  CHECK(registry.plugins().empty());
}

// Bytes flipped at random in the ELF header, program headers and section table (the tables
// the reader trusts to find the manifest): each damaged copy is loaded or refused with a reason,
// and none takes the process down: some pass the reader's checks and make the dynamic loader
// itself fault, which the scan in a child process catches. The seed is fixed, so a failure
// repeats.
TEST_CASE("plugins with bytes flipped in their ELF tables never crash the registry", "[registry]") {
  const TempFolder folder("flipped");
  const auto whole = bytes_of(kChatty);
  Elf64_Ehdr header;
  std::memcpy(&header, whole.data(), sizeof header);
  const std::size_t program_end = header.e_phoff + header.e_phnum * sizeof(Elf64_Phdr);
  const std::size_t section_bytes = header.e_shnum * sizeof(Elf64_Shdr);
  std::mt19937 random(34);
  std::uniform_int_distribution<std::size_t> in_headers(0, program_end - 1);
  std::uniform_int_distribution<std::size_t> in_sections(0, section_bytes - 1);
  std::uniform_int_distribution<int> bit(0, 7);
  constexpr int kCopies = 48;
  for (int i = 0; i < kCopies; ++i) {
    auto bytes = whole;
    const auto at = i % 2 ? in_headers(random) : header.e_shoff + in_sections(random);
    bytes[at] = static_cast<char>(bytes[at] ^ (1 << bit(random)));
    write_bytes(fs::path(folder.path()) / ("flip" + std::to_string(i) + ".so"), bytes,
                bytes.size());
  }
  PluginRegistry registry;
  for (int i = 0; i < kCopies; ++i) {
    const auto file = fs::path(folder.path()) / ("flip" + std::to_string(i) + ".so");
    const auto refusals_before = registry.refusals().size();
    const auto plugins_before = registry.plugins().size();
    registry.load(file);
    const bool refused = registry.refusals().size() == refusals_before + 1;
    INFO(file.filename() << ": " << (refused ? registry.refusals().back().reason : "loaded"));
    CHECK(refused != (registry.plugins().size() == plugins_before + 1));
    if (refused) CHECK_FALSE(registry.refusals().back().reason.empty());
  }
  // A flip that leaves the library loadable loads chatty once; the later ones are duplicates.
  CHECK(registry.plugins().size() <= 1);
}

TEST_CASE("a symbolic link loop and a dangling link are refused by name and the scan goes on",
          "[registry]") {
  const TempFolder folder("links");
  const fs::path dir = folder.path();
  fs::create_symlink(dir / "loop.so", dir / "loop.so");
  fs::create_symlink(dir / "gone.so", dir / "dangling.so");
  fs::create_symlink(kChatty, dir / "linked.so");
  PluginRegistry registry;
  registry.load(dir);
  CHECK_THAT(refusal_of(registry, dir / "loop.so"), Catch::StartsWith("a loop of symbolic links"));
  CHECK(refusal_of(registry, dir / "dangling.so") ==
        "a dangling symbolic link to " + (dir / "gone.so").string());
  CHECK(registry.refusals().size() == 2);
  CHECK(loaded(registry, "chatty"));

  PluginRegistry direct;  // the same links named directly, as ASSAY_PLUGIN_PATH entries
  direct.load(dir / "loop.so");
  direct.load(dir / "dangling.so");
  CHECK_THAT(refusal_of(direct, dir / "loop.so"), Catch::StartsWith("a loop of symbolic links"));
  CHECK_THAT(refusal_of(direct, dir / "dangling.so"),
             Catch::StartsWith("a dangling symbolic link"));
}

TEST_CASE("a world-writable plugin folder is refused unless unsafe paths are allowed",
          "[registry]") {
  const TempFolder folder("writable");
  fs::copy_file(kChatty, fs::path(folder.path()) / "chatty.so");
  REQUIRE(::chmod(folder.path().c_str(), 0777) == 0);
  PluginRegistry registry(RegistryOptions{.allow_unsafe_paths = false});
  registry.load(folder.path());
  CHECK_THAT(refusal_of(registry, folder.path()),
             Catch::StartsWith("unsafe plugin folder: world-writable (mode 0777)") &&
                 Catch::Contains("ASSAY_ALLOW_UNSAFE_PLUGIN_PATH=1"));
  CHECK(registry.plugins().empty());

  PluginRegistry allowed(RegistryOptions{.allow_unsafe_paths = true});
  allowed.load(folder.path());
  CHECK(allowed.refusals().empty());
  CHECK(loaded(allowed, "chatty"));
}

TEST_CASE("assay list refuses a world-writable plugin folder unless given the flag",
          "[registry][cli]") {
  const TempFolder folder("writable_cli");
  fs::copy_file(kChatty, fs::path(folder.path()) / "chatty.so");
  REQUIRE(::chmod(folder.path().c_str(), 0777) == 0);
  ::unsetenv("ASSAY_ALLOW_UNSAFE_PLUGIN_PATH");
  ::setenv("ASSAY_PLUGIN_PATH", folder.path().c_str(), 1);
  const auto refused = assay::testing::run_assay({"list"});
  const auto checked = assay::testing::run_assay({"list", "--check"});
  const auto allowed = assay::testing::run_assay({"list", "--check", "--allow-unsafe-plugin-path"});
  ::unsetenv("ASSAY_PLUGIN_PATH");
  // Refusals are listed either way; only --check turns them into a failing exit status.
  CHECK(refused.exit_code == 0);
  CHECK(checked.exit_code == 1);
  CHECK(allowed.exit_code == 0);
  CHECK_THAT(refused.out, Catch::Contains("unsafe plugin folder") &&
                              Catch::Contains("--allow-unsafe-plugin-path") &&
                              !Catch::Contains("chatty"));
  CHECK_THAT(allowed.out, Catch::Contains("chatty") && !Catch::Contains("unsafe plugin folder"));
}

TEST_CASE("a world-writable plugin file is refused and its safe neighbour loads", "[registry]") {
  const TempFolder folder("writable_file");
  const fs::path dir = folder.path();
  fs::copy_file(kExamples, dir / "examples.so");
  fs::copy_file(kChatty, dir / "chatty.so");
  REQUIRE(::chmod((dir / "examples.so").c_str(), 0666) == 0);
  PluginRegistry registry(RegistryOptions{.allow_unsafe_paths = false});
  registry.load(dir);
  CHECK_THAT(refusal_of(registry, dir / "examples.so"),
             Catch::StartsWith("unsafe plugin file: world-writable (mode 0666)"));
  CHECK(loaded(registry, "chatty"));
  CHECK_FALSE(loaded(registry, "examples"));
}

// Only root can give a file away, so this runs where the tests run as root (CI containers).
TEST_CASE("a plugin file owned by another user is refused naming the owner", "[registry]") {
  if (::getuid() != 0) ASSAY_SKIP("only root can give a file to another user");
  const TempFolder folder("owner");
  const auto file = fs::path(folder.path()) / "chatty.so";
  fs::copy_file(kChatty, file);
  REQUIRE(::chown(file.c_str(), 65534, 65534) == 0);
  PluginRegistry registry(RegistryOptions{.allow_unsafe_paths = false});
  registry.load(file);
  CHECK_THAT(
      refusal_of(registry, file),
      Catch::StartsWith("unsafe plugin file: owned by uid 65534, neither you (uid 0) nor root"));
  CHECK(registry.plugins().empty());
}
