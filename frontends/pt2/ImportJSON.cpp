//===- ImportJSON.cpp - The JSON document: text, access, errors -----------===//
//
// Everything the importer knows about JSON as such: the text torch writes
// (bare non-finite floats, nesting depth), the checked accessors every
// reader goes through, and the errors and warnings, which name the JSON
// path of the value they are about.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Importer.h"

#include "ir/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <string_view>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;

namespace pt2onnx::pt2::importer {

namespace {

std::string joinNames(ArrayRef<StringLiteral> names) {
  std::string s;
  for (StringRef n : names)
    s += (s.empty() ? "" : ", ") + n.str();
  return s;
}

/// The path from `root` to the value at `target` (`graph.nodes[3].name`), by
/// an iterative depth-first search: errors are rare, and documents may be
/// deep, so neither bookkeeping on the common path nor recursion.
std::string findJsonPath(const json &root, const json *target) {
  struct Frame {
    const json *value;
    json::const_iterator it;
    size_t index;
  };
  auto segment = [](const Frame &f, std::string &out) {
    if (f.value->is_array()) {
      out += "[" + std::to_string(f.index - 1) + "]";
      return;
    }
    const std::string &key = std::prev(f.it).key();
    bool plain = !key.empty() && all_of(key, [](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (plain)
      out += (out.empty() ? "" : ".") + key;
    else
      out += "[" + json(key).dump() + "]";
  };
  if (&root == target || !root.is_structured())
    return {};
  std::vector<Frame> stack{{&root, root.cbegin(), 0}};
  while (!stack.empty()) {
    Frame &top = stack.back();
    if (top.it == top.value->cend()) {
      stack.pop_back();
      continue;
    }
    const json *child = &*top.it;
    ++top.it;
    ++top.index;
    if (child == target) {
      std::string path;
      for (const Frame &f : stack)
        segment(f, path);
      return path;
    }
    if (child->is_structured() && !child->empty())
      stack.push_back({child, child->cbegin(), 0});
  }
  return {};
}

} // namespace

namespace {
/// Scans the text once for what must be checked before nlohmann parses it:
/// the nesting depth (its parser and the importer's walks recurse) and the
/// length of each string; sets `hasBare` when a bare NaN or Infinity token
/// is outside strings.
Error scanJsonText(StringRef text, StringRef source, const ImportLimits &limits, bool &hasBare) {
  auto isBareToken = [&](size_t i) {
    return llvm::any_of(ArrayRef<StringRef>{"NaN", "Infinity", "-Infinity"},
                        [&](StringRef token) { return text.substr(i).startswith(token); });
  };
  auto fail = [&](size_t at, const Twine &reason) {
    return ir::makeLocatedError(source, "at byte " + Twine(at), reason);
  };
  bool inString = false;
  size_t depth = 0, stringStart = 0;
  hasBare = false;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        inString = false;
        if (i - stringStart - 1 > limits.maxStringLength)
          return fail(stringStart, "a string longer than " + Twine(limits.maxStringLength) +
                                       " bytes (--max-string-length raises the limit)");
      }
      continue;
    }
    if (c == '"') {
      inString = true;
      stringStart = i;
    } else if (c == '[' || c == '{') {
      if (++depth > limits.maxJsonDepth)
        return fail(i, "JSON nested deeper than " + Twine(limits.maxJsonDepth) +
                           " levels (--max-json-depth raises the limit)");
    } else if (c == ']' || c == '}')
      depth -= depth > 0;
    else if ((c == 'N' || c == 'I' || c == '-') && isBareToken(i))
      hasBare = true;
  }
  return Error::success();
}
} // namespace

// Python's json module writes non-finite floats as the bare tokens NaN,
// Infinity and -Infinity, which are not JSON; torch 2.6 let them through,
// later versions write them as strings.
Expected<std::optional<std::string>> prepareJsonText(StringRef text, StringRef source,
                                                     const ImportLimits &limits) {
  auto isBareToken = [&](size_t i, size_t &length) {
    for (StringRef token : {"NaN", "Infinity", "-Infinity"})
      if (text.substr(i).startswith(token)) {
        length = token.size();
        return true;
      }
    return false;
  };
  bool hasBare;
  if (Error err = scanJsonText(text, source, limits, hasBare))
    return err;
  if (!hasBare)
    return std::nullopt;
  std::string out;
  out.reserve(text.size() + 64);
  bool inString = false;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    size_t length;
    if (inString) {
      out += c;
      if (c == '\\' && i + 1 < e)
        out += text[++i];
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
      out += c;
    } else if ((c == 'N' || c == 'I' || c == '-') && isBareToken(i, length)) {
      out += '"';
      out.append(text.data() + i, length);
      out += '"';
      i += length - 1;
    } else {
      out += c;
    }
  }
  return out;
}

bool Importer::fail(const json &at, const Twine &message) {
  if (!error)
    error = Failure{&at, message.str()};
  return false;
}

Error Importer::takeError() {
  return ir::makeLocatedError(options.sourceName, findJsonPath(root, error->at), error->message);
}

std::string Importer::schemaNote() const {
  return "(the program has schema " + schemaVersion + "; this importer knows " +
         std::to_string(kSchemaMajor) + "." + std::to_string(kSchemaMinor) + ")";
}

void Importer::emitWarnings() {
  for (const UnknownField &site : unknownFieldSites) {
    std::string path = findJsonPath(root, site.object);
    std::string message = options.sourceName + ": " + (path.empty() ? "" : path + ": ") +
                          "ignoring unknown " + site.structName + " field '" + site.field + "' " +
                          schemaNote();
    if (options.warningHandler)
      options.warningHandler(message);
    else
      errs() << "warning: " << message << "\n";
  }
}

const json *Importer::field(const json &obj, StringRef key) {
  if (!expectObject(obj))
    return nullptr;
  auto it = obj.find(std::string_view(key.data(), key.size()));
  if (it == obj.end()) {
    fail(obj, "missing field '" + key + "'");
    return nullptr;
  }
  return &*it;
}

const json *Importer::optionalField(const json &obj, StringRef key) {
  auto it = obj.find(std::string_view(key.data(), key.size()));
  return it == obj.end() || it->is_null() ? nullptr : &*it;
}

bool Importer::readString(const json &v, StringRef &out) {
  if (!v.is_string())
    return fail(v, "expected a string");
  const std::string &s = v.get_ref<const std::string &>();
  out = s;
  return true;
}

bool Importer::readInt(const json &v, int64_t &out) {
  if (v.is_number_integer() && !v.is_number_unsigned()) {
    out = v.get<int64_t>();
    return true;
  }
  if (v.is_number_unsigned() &&
      v.get<uint64_t>() <= uint64_t(std::numeric_limits<int64_t>::max())) {
    out = int64_t(v.get<uint64_t>());
    return true;
  }
  return fail(v,
              v.is_number_unsigned() ? "integer does not fit in 64 bits" : "expected an integer");
}

bool Importer::readBool(const json &v, bool &out) {
  if (!v.is_boolean())
    return fail(v, "expected true or false");
  out = v.get<bool>();
  return true;
}

bool Importer::readFloat(const json &v, double &out) {
  if (v.is_number()) {
    out = v.get<double>();
    return true;
  }
  if (v.is_string()) {
    const std::string &s = v.get_ref<const std::string &>();
    if (s == "Infinity" || s == "-Infinity" || s == "NaN") {
      out = s == "NaN"        ? std::numeric_limits<double>::quiet_NaN()
            : s == "Infinity" ? std::numeric_limits<double>::infinity()
                              : -std::numeric_limits<double>::infinity();
      return true;
    }
  }
  return fail(v, "expected a number");
}

bool Importer::readStringField(const json &obj, StringRef key, StringRef &out) {
  const json *v = field(obj, key);
  return v && readString(*v, out);
}

const json *Importer::readUnion(const json &v, ArrayRef<StringLiteral> kinds, StringRef &kind) {
  if (!v.is_object() || v.size() != 1) {
    fail(v, "expected an object with one of " + joinNames(kinds));
    return nullptr;
  }
  auto it = v.cbegin();
  StringRef key = it.key();
  auto found = find(kinds, key);
  if (found == std::end(kinds)) {
    // A newer minor version may add members to a union; they cannot be
    // skipped as unknown struct fields can.
    fail(v, "unknown kind '" + key + "'; expected one of " + joinNames(kinds) +
                (schemaMinor > kSchemaMinor ? " " + schemaNote() : std::string()));
    return nullptr;
  }
  kind = *found;
  return &*it;
}

} // namespace pt2onnx::pt2::importer

Error pt2onnx::pt2::checkJsonLimits(StringRef text, StringRef source,
                                    const ImportLimits &limits) {
  bool hasBare;
  return importer::scanJsonText(text, source, limits, hasBare);
}
