// Reads one dynamic symbol's bytes from an ELF shared object without loading it: the plugin
// manifest is checked before dlopen, which maps the file (a truncated one raises SIGBUS) and
// runs its constructors. Every header, table and offset is checked against the file's size
// first, so a truncated or garbage file is reported, never read past its end.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace assay {

struct ElfSymbolBytes {
  enum class Outcome { read, unreadable_file, no_such_symbol };
  Outcome outcome = Outcome::unreadable_file;
  std::vector<std::byte> bytes;  // the symbol's initial contents as the file stores them
  std::string error;             // what makes the file unreadable or the symbol absent
};

// The bytes of the defined dynamic symbol `name` in the shared object `file`, which must be of
// the host's class, byte order and machine.
ElfSymbolBytes read_elf_symbol(const std::filesystem::path& file, std::string_view name);

}  // namespace assay
