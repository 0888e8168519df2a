#include "registry/elf_symbol.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <optional>

namespace assay {

namespace {

#if defined(__x86_64__)
constexpr Elf64_Half kHostMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr Elf64_Half kHostMachine = EM_AARCH64;
#else
#error "the plugin loader knows the ELF machine of x86-64 and AArch64 hosts only"
#endif
constexpr unsigned char kHostByteOrder =
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB;
// A manifest is a few hundred bytes; a larger symbol of that name is not one.
constexpr std::size_t kMaxSymbolBytes = 4096;

// Reads whole ranges of one open file with pread (never mmap: a file that shrinks under a
// mapping raises SIGBUS) after checking that they lie inside it.
class CheckedFile {
 public:
  explicit CheckedFile(const std::filesystem::path& file)
      : fd_(::open(file.c_str(), O_RDONLY | O_CLOEXEC)) {
    struct stat s {};
    if (fd_ >= 0 && ::fstat(fd_, &s) == 0) size_ = static_cast<std::uint64_t>(s.st_size);
  }
  CheckedFile(const CheckedFile&) = delete;
  CheckedFile& operator=(const CheckedFile&) = delete;
  ~CheckedFile() {
    if (fd_ >= 0) ::close(fd_);
  }

  bool is_open() const { return fd_ >= 0; }
  std::uint64_t size() const { return size_; }
  bool holds(std::uint64_t offset, std::uint64_t length) const {
    return offset <= size_ && length <= size_ - offset;
  }
  // The bytes at [offset, offset + length), or nothing when they are not all in the file.
  std::optional<std::vector<std::byte>> read(std::uint64_t offset, std::uint64_t length) const {
    if (!holds(offset, length)) return std::nullopt;
    std::vector<std::byte> out(length);
    std::size_t done = 0;
    while (done < length) {
      const auto n = ::pread(fd_, out.data() + done, length - done, offset + done);
      if (n <= 0) return std::nullopt;
      done += static_cast<std::size_t>(n);
    }
    return out;
  }
  template <class T>
  std::optional<T> read_as(std::uint64_t offset) const {
    const auto bytes = read(offset, sizeof(T));
    if (!bytes) return std::nullopt;
    T value;
    std::memcpy(&value, bytes->data(), sizeof(T));
    return value;
  }

 private:
  int fd_;
  std::uint64_t size_ = 0;
};

std::string past_end(const char* what, std::uint64_t end, std::uint64_t size) {
  return std::string("truncated or damaged ELF file: its ") + what + " ends at byte " +
         std::to_string(end) + ", past the end of the file's " + std::to_string(size) + " bytes";
}

std::string header_problem(const Elf64_Ehdr& h) {
  if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0) return "not an ELF file: no ELF magic number";
  if (h.e_ident[EI_CLASS] != ELFCLASS64) return "not a 64-bit ELF file; the host is 64-bit";
  if (h.e_ident[EI_DATA] != kHostByteOrder) return "an ELF file of the other byte order";
  if (h.e_type != ET_DYN) return "not a shared library (ELF type " + std::to_string(h.e_type) + ")";
  if (h.e_machine != kHostMachine)
    return "built for another machine (ELF machine " + std::to_string(h.e_machine) +
           ", the host's is " + std::to_string(kHostMachine) + ")";
  if (h.e_phentsize != sizeof(Elf64_Phdr) || h.e_shentsize != sizeof(Elf64_Shdr))
    return "damaged ELF header: unexpected program or section header size";
  if (h.e_shnum == 0 || h.e_shstrndx >= h.e_shnum) return "damaged ELF header: no section table";
  return {};
}

// dlopen maps every loadable segment; one that ends past the file's end is the SIGBUS.
std::string segments_problem(const CheckedFile& file, const Elf64_Ehdr& h) {
  const auto length = std::uint64_t{h.e_phnum} * sizeof(Elf64_Phdr);
  const auto table = file.read(h.e_phoff, length);
  if (!table) return past_end("program header table", h.e_phoff + length, file.size());
  for (std::size_t i = 0; i < h.e_phnum; ++i) {
    Elf64_Phdr p;
    std::memcpy(&p, table->data() + i * sizeof p, sizeof p);
    if (p.p_type == PT_LOAD && !file.holds(p.p_offset, p.p_filesz))
      return past_end("loadable segment", p.p_offset + p.p_filesz, file.size());
  }
  return {};
}

struct Sections {
  std::vector<Elf64_Shdr> headers;
  std::string error;
};

Sections read_sections(const CheckedFile& file, const Elf64_Ehdr& h) {
  const auto length = std::uint64_t{h.e_shnum} * sizeof(Elf64_Shdr);
  const auto table = file.read(h.e_shoff, length);
  if (!table) return {{}, past_end("section table", h.e_shoff + length, file.size())};
  Sections out;
  out.headers.resize(h.e_shnum);
  std::memcpy(out.headers.data(), table->data(), length);
  for (const auto& s : out.headers)
    if (s.sh_type != SHT_NOBITS && !file.holds(s.sh_offset, s.sh_size))
      return {{}, past_end("section", s.sh_offset + s.sh_size, file.size())};
  return out;
}

ElfSymbolBytes failure(ElfSymbolBytes::Outcome outcome, std::string error) {
  return {outcome, {}, std::move(error)};
}

// The symbol's bytes inside the section that holds it (sections are already checked to lie in
// the file).
ElfSymbolBytes symbol_bytes(const CheckedFile& file, const std::vector<Elf64_Shdr>& sections,
                            const Elf64_Sym& symbol, std::string_view name) {
  using enum ElfSymbolBytes::Outcome;
  const auto where = std::string(" symbol '") + std::string(name) + "'";
  if (symbol.st_shndx >= sections.size() || symbol.st_size > kMaxSymbolBytes)
    return failure(unreadable_file, "damaged ELF file: the" + where + " has a bad section or size");
  const auto& s = sections[symbol.st_shndx];
  if (s.sh_type == SHT_NOBITS || symbol.st_value < s.sh_addr ||
      symbol.st_value - s.sh_addr > s.sh_size ||
      symbol.st_size > s.sh_size - (symbol.st_value - s.sh_addr))
    return failure(unreadable_file, "damaged ELF file: the" + where + " lies outside its section");
  auto bytes = file.read(s.sh_offset + (symbol.st_value - s.sh_addr), symbol.st_size);
  if (!bytes) return failure(unreadable_file, "cannot read the" + where);
  return {read, std::move(*bytes), {}};
}

ElfSymbolBytes find_symbol(const CheckedFile& file, const std::vector<Elf64_Shdr>& sections,
                           std::string_view name) {
  using enum ElfSymbolBytes::Outcome;
  for (const auto& table : sections) {
    if (table.sh_type != SHT_DYNSYM) continue;
    if (table.sh_entsize != sizeof(Elf64_Sym) || table.sh_link >= sections.size() ||
        sections[table.sh_link].sh_type != SHT_STRTAB)
      return failure(unreadable_file, "damaged ELF file: a bad dynamic symbol table");
    const auto& names = sections[table.sh_link];
    const auto symbols = file.read(table.sh_offset, table.sh_size);
    const auto strings = file.read(names.sh_offset, names.sh_size);
    if (!symbols || !strings) return failure(unreadable_file, "cannot read the dynamic symbols");
    for (std::size_t at = 0; at + sizeof(Elf64_Sym) <= symbols->size(); at += sizeof(Elf64_Sym)) {
      Elf64_Sym symbol;
      std::memcpy(&symbol, symbols->data() + at, sizeof symbol);
      if (symbol.st_shndx == SHN_UNDEF || symbol.st_name >= strings->size()) continue;
      const auto* text = reinterpret_cast<const char*>(strings->data()) + symbol.st_name;
      const auto room = strings->size() - symbol.st_name;
      if (std::string_view(text, ::strnlen(text, room)) == name)
        return symbol_bytes(file, sections, symbol, name);
    }
  }
  return failure(no_such_symbol, "no dynamic symbol '" + std::string(name) + "'");
}

}  // namespace

ElfSymbolBytes read_elf_symbol(const std::filesystem::path& path, std::string_view name) {
  using enum ElfSymbolBytes::Outcome;
  const CheckedFile file(path);
  if (!file.is_open())
    return failure(unreadable_file, std::string("cannot open: ") + std::strerror(errno));
  const auto header = file.read_as<Elf64_Ehdr>(0);
  if (!header)
    return failure(unreadable_file, "not an ELF file: " + std::to_string(file.size()) +
                                        " bytes, fewer than an ELF header's " +
                                        std::to_string(sizeof(Elf64_Ehdr)));
  if (auto problem = header_problem(*header); !problem.empty())
    return failure(unreadable_file, std::move(problem));
  if (auto problem = segments_problem(file, *header); !problem.empty())
    return failure(unreadable_file, std::move(problem));
  auto sections = read_sections(file, *header);
  if (!sections.error.empty()) return failure(unreadable_file, std::move(sections.error));
  return find_symbol(file, sections.headers, name);
}

}  // namespace assay
