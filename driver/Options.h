// The nvcc command line as data: every option nvcc documents is declared once in Options.def,
// and parseCommandLine turns argv into a list of recognised options and input files, the way
// NVIDIA's nvcc reads them (long and short spellings, "=" or space before a value, comma-split
// list values, --options-file response files). What the options mean is the driver's business.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace drawbridge::driver {

enum class OptionId {
#define NVCC_OPTION(Id, Long, Short, Kind, Support, Help) Id,
#include "Options.def"
#undef NVCC_OPTION
};

// How an option takes its argument.
enum class OptionKind {
  Flag,  // no value: --compile / -c
  Value, // exactly one value, never split: --output-file f / -o f / -o=f
  List,  // one or more values, comma-separated, repeatable: -I a,b / -Xcompiler -fPIC,-Wall
};

// What Drawbridge does with an option.
enum class OptionSupport {
  Implemented, // the driver acts on it
  Ignored,     // meaningless for Drawbridge (it tunes NVIDIA's tools), accepted silently
  Warned,      // accepted, but the user is told once that it has no effect here
};

struct OptionInfo {
  OptionId id;
  std::string_view longName;  // without dashes, e.g. "output-file"
  std::string_view shortName; // without dash, e.g. "o"; empty when there is none
  OptionKind kind;
  OptionSupport support;
  std::string_view help;
};

struct ParsedOption {
  OptionId id;
  std::string spelling; // as the user wrote the option name, e.g. "-Xcompiler", "-I" for "-Ia"
  // Flag: empty. Value: exactly one element. List: the values split on commas, empty items
  // dropped (so possibly none). --generate-code: one unsplit "arch=...,code=..." specification.
  std::vector<std::string> values;
};

struct ParsedCommandLine {
  std::vector<ParsedOption> options; // in command-line order, options files spliced in place
  std::vector<std::string> inputs;   // operands that are not options, in order ("-" is stdin)
  // Unknown options kept verbatim because --forward-unknown-to-host-compiler/-linker (or
  // --forward-unknown-opts) was given. Like nvcc, the argument after an unknown option is not
  // taken as its value: it is parsed on its own (usually becoming an input).
  std::vector<std::string> forwardedToCompiler;
  std::vector<std::string> forwardedToLinker;
  // Warnings nvcc gives while reading its command line, without the "nvcc warning : " prefix,
  // e.g. "incompatible redefinition for option 'output-file', the last value of this option
  // was used". The command line is still valid.
  std::vector<std::string> warnings;

  bool has(OptionId id) const;
  // The last occurrence: the one that counts for a Value option given several times.
  const ParsedOption *last(OptionId id) const;
  // The values of every occurrence, in order: what a List option adds up to.
  std::vector<std::string> valuesOf(OptionId id) const;
};

struct ParseError {
  std::string message; // nvcc's text after "nvcc fatal   : ", e.g. "Unknown option '-foo'"
};

std::span<const OptionInfo> allOptions();
const OptionInfo &optionInfo(OptionId id);

// Parses arguments (without argv[0]). Response files named by --options-file/-optf are read
// and spliced in place. Besides the syntax, values are checked the way nvcc checks them while
// parsing: numbers, true/false, the fixed value sets of options such as -std and -cudart, and
// the form of --generate-code. GPU architecture names are left to the driver.
std::variant<ParsedCommandLine, ParseError> parseCommandLine(std::span<const std::string> args);

// One --generate-code value, e.g. "arch=compute_80,code=[compute_80,sm_80]".
struct GenerateCodeSpec {
  std::string arch;               // "compute_80"
  std::vector<std::string> codes; // {"compute_80", "sm_80"}
};

// Reads a --generate-code value as nvcc does: "arch" and "code" keywords, each once, separated
// by commas; a code list may be grouped with [...] or "...". parseCommandLine has already
// checked every --generate-code value with this, so on a parsed command line it succeeds.
std::variant<GenerateCodeSpec, ParseError> parseGenerateCodeSpec(std::string_view spec);

// An item of a List option's values written so that the parser reads it back as that one item:
// backslashes, commas and double quotes each behind a backslash.
std::string quoteListItem(std::string_view item);

// The words a -Xcompiler/-Xlinker value becomes on the host tool's command line. nvcc pastes
// such values into a shell command, so "-O2 -Wall" is two words and quotes group and vanish:
// white space separates words outside quotes; single quotes take everything literally up to
// the next single quote; double quotes group, with a backslash taking the next character
// literally; a backslash outside quotes does too.
std::vector<std::string> splitHostWords(std::string_view value);

} // namespace drawbridge::driver
