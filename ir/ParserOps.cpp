//===- ParserOps.cpp - Values, operations and regions ---------------------===//
//
// Value names and their scopes (forward references get placeholders that
// the definition replaces), generic operations, blocks and regions.
//
//===----------------------------------------------------------------------===//

#include "ir/TextParser.h"

namespace pt2onnx::ir::textparse {

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

ParseResult Parser::parseValueName(llvm::StringRef &name) {
  if (failed(expect('%', "before a value name")))
    return failure();
  const char *begin = cur;
  while (cur != end && isValueNameChar(*cur))
    ++cur;
  name = llvm::StringRef(begin, cur - begin);
  if (name.empty())
    return emitError(begin, "expected value name after '%'");
  if (isDigit(name[0]) && !llvm::all_of(name, isDigit))
    return emitError(begin - 1, "invalid value name '%" + name + "'");
  return success();
}

ParseResult Parser::parseOperandUse(OperandUse &use) {
  skipTrivia();
  use.loc = cur;
  if (failed(parseValueName(use.name)))
    return failure();
  use.number = 0;
  if (cur != end && *cur == '#') {
    ++cur;
    uint64_t n;
    if (failed(parseUnsigned(n, "result number")))
      return failure();
    if (n > UINT32_MAX)
      return emitError(use.loc, "result number is too large");
    use.number = unsigned(n);
  }
  return success();
}

/// `'%x'`, or `'%x#1'` for a result of a group other than the first.
static std::string describeUse(llvm::StringRef name, unsigned number) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'%" << name;
  if (number)
    os << '#' << number;
  os << '\'';
  return s;
}

ParseResult Parser::resolveOperand(const OperandUse &use, const Type &type, Value *&out) {
  // Most operands are the value defined just before: no hashing for those.
  const ValueGroup *found = nullptr;
  if (lastDefined && lastDefined->getKey() == use.name) {
    found = &lastDefined->second;
  } else if (auto it = values.find(use.name); it != values.end()) {
    found = &it->second;
  }
  if (found) {
    const ValueGroup &group = *found;
    if (use.number >= group.count)
      return emitError(use.loc, "'%" + use.name + "' has " + llvm::Twine(group.count) +
                                    " results; there is no result #" + llvm::Twine(use.number));
    out = group.get(use.number);
    if (out->getType() != type)
      return emitError(use.loc, describeUse(use.name, use.number) + " has type " +
                                    out->getType().str() + ", but this use expects " +
                                    type.str());
    return success();
  }
  llvm::SmallVector<ForwardRef, 1> &pending = forwardRefs[use.name];
  for (const ForwardRef &ref : pending) {
    if (ref.number != use.number)
      continue;
    if (ref.placeholder->getType() != type)
      return emitError(use.loc, describeUse(use.name, use.number) + " is used with type " +
                                    ref.placeholder->getType().str() + " earlier, but with " +
                                    type.str() + " here");
    out = ref.placeholder;
    return success();
  }
  out = placeholders.addArgument(type);
  pending.push_back(ForwardRef{use.number, out, use.loc});
  return success();
}

ParseResult Parser::defineValues(llvm::StringRef name, ValueGroup group, const char *loc) {
  auto [entry, inserted] = values.try_emplace(name, group);
  if (!inserted)
    return emitError(loc, "redefinition of value '%" + name + "'");
  lastDefined = &*entry;
  if (!scopes.empty())
    scopes.back().push_back(name);
  if (forwardRefs.empty())
    return success();
  auto it = forwardRefs.find(name);
  if (it == forwardRefs.end())
    return success();
  for (const ForwardRef &ref : it->second) {
    if (ref.number >= group.count)
      return emitError(ref.loc, "'%" + name + "' has " + llvm::Twine(group.count) +
                                    " results; there is no result #" + llvm::Twine(ref.number));
    Value *defined = group.get(ref.number);
    if (ref.placeholder->getType() != defined->getType())
      return emitError(ref.loc, describeUse(name, ref.number) + " has type " +
                                    defined->getType().str() + ", but this use expects " +
                                    ref.placeholder->getType().str());
    ref.placeholder->replaceAllUsesWith(defined);
  }
  forwardRefs.erase(it);
  return success();
}

//===----------------------------------------------------------------------===//
// Operations and regions
//===----------------------------------------------------------------------===//

ParseResult Parser::parseFunctionType(llvm::SmallVectorImpl<const Type *> &inputs,
                                      llvm::SmallVectorImpl<const Type *> &results) {
  auto parseTypeList = [&](llvm::SmallVectorImpl<const Type *> &types) -> ParseResult {
    if (consumeIf(')'))
      return success();
    do {
      types.emplace_back();
      if (failed(parseType(types.back())))
        return failure();
    } while (consumeIf(','));
    return expect(')', "at the end of the type list");
  };
  if (failed(expect('(', "to start the operand types")) || failed(parseTypeList(inputs)) ||
      failed(expect("->", "after the operand types")))
    return failure();
  if (consumeIf('('))
    return parseTypeList(results);
  results.emplace_back();
  return parseType(results.back());
}

ParseResult Parser::parseOperation(Block &block) {
  skipTrivia();
  const char *opLoc = cur;

  // %a, %b:2 = ...
  struct ResultGroup {
    llvm::StringRef name;
    unsigned count;
    const char *loc;
  };
  llvm::SmallVector<ResultGroup, 1> resultGroups;
  unsigned numBound = 0;
  if (peek() == '%') {
    do {
      ResultGroup group{{}, 1, nullptr};
      skipTrivia();
      group.loc = cur;
      if (failed(parseValueName(group.name)))
        return failure();
      if (cur != end && *cur == ':') {
        ++cur;
        uint64_t count;
        if (failed(parseUnsigned(count, "result count")))
          return failure();
        if (count == 0 || count > UINT32_MAX)
          return emitError(group.loc, "invalid result count");
        group.count = unsigned(count);
      }
      numBound += group.count;
      resultGroups.push_back(group);
    } while (consumeIf(','));
    if (failed(expect('=', "after the result names")))
      return failure();
  }

  skipTrivia();
  const char *nameLoc = cur;
  std::string nameStorage;
  llvm::StringRef opName;
  if (peek() != '"')
    return emitError(nameLoc, "expected an operation name in quotes (the generic syntax)");
  if (failed(parseString(opName, nameStorage)))
    return failure();
  if (opName.empty())
    return emitError(nameLoc, "empty operation name");

  llvm::SmallVector<OperandUse, 4> uses;
  if (failed(expect('(', "after the operation name")))
    return failure();
  if (!consumeIf(')')) {
    do {
      uses.emplace_back();
      if (failed(parseOperandUse(uses.back())))
        return failure();
    } while (consumeIf(','));
    if (failed(expect(')', "in operand list")))
      return failure();
  }

  llvm::SmallVector<std::unique_ptr<Region>, 1> regions;
  if (consumeIf('(')) {
    do {
      regions.push_back(std::make_unique<Region>(nullptr));
      if (failed(parseRegion(*regions.back())))
        return failure();
    } while (consumeIf(','));
    if (failed(expect(')', "after the regions")))
      return failure();
  }

  // A dictionary spelled as the one of the op before reads as its
  // attributes (`{alpha = 1 : i64}` on op after op): reuse them.
  llvm::SmallVector<NamedAttribute, 2> attrs;
  llvm::ArrayRef<NamedAttribute> opAttrs;
  bool hasAttrDict = peek() == '{';
  if (hasAttrDict) {
    if (lastAttrDictOp && lastAttrDictOp == block.back() &&
        llvm::StringRef(cur, end - cur).startswith(lastAttrDict)) {
      cur += lastAttrDict.size();
      opAttrs = lastAttrDictOp->getAttrs();
    } else {
      const char *dictStart = cur;
      if (failed(parseAttrDict(attrs, /*isModule=*/false)))
        return failure();
      lastAttrDict = llvm::StringRef(dictStart, cur - dictStart);
      opAttrs = attrs;
    }
  }

  if (failed(expect(':', "and the operation's type")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  // Like attribute dictionaries, function types repeat from op to op. A
  // remembered text ends in '>' or ')', so a prefix match is all of it.
  if (!lastFunctionType.empty() && llvm::StringRef(cur, end - cur).startswith(lastFunctionType)) {
    cur += lastFunctionType.size();
  } else {
    lastFunctionType = {};
    operandTypes.clear();
    resultTypes.clear();
    if (failed(parseFunctionType(operandTypes, resultTypes)))
      return failure();
    if (cur[-1] == '>' || cur[-1] == ')')
      lastFunctionType = llvm::StringRef(typeLoc, cur - typeLoc);
  }
  if (operandTypes.size() != uses.size())
    return emitError(typeLoc, "expected " + llvm::Twine(uses.size()) +
                                  " operand types but had " + llvm::Twine(operandTypes.size()));
  if (!resultGroups.empty() && numBound != resultTypes.size())
    return emitError(opLoc, "operation defines " + llvm::Twine(resultTypes.size()) +
                                " results but was provided " + llvm::Twine(numBound) +
                                " to bind");

  ProvenanceRef provenance;
  if (consumeKeyword("loc") && failed(parseLocation(provenance)))
    return failure();

  llvm::SmallVector<Value *, 4> operands(uses.size());
  for (size_t i = 0; i != uses.size(); ++i)
    if (failed(resolveOperand(uses[i], *operandTypes[i], operands[i])))
      return failure();
  llvm::SmallVector<Type, 2> results;
  results.reserve(resultTypes.size());
  for (const Type *type : resultTypes)
    results.push_back(*type);
  Operation *op =
      Operation::create(getOperationName(opName, nameStorage), operands, results, opAttrs,
                        regions.size(), std::move(provenance), /*attrsLike=*/block.back());
  block.push_back(op);
  lastAttrDictOp = hasAttrDict ? op : nullptr;
  for (size_t i = 0; i != regions.size(); ++i)
    op->getRegion(i).takeBody(*regions[i]);

  unsigned first = 0;
  for (const ResultGroup &g : resultGroups) {
    // Numbered names (`%0`) are the printer's, not the value's.
    if (!isDigit(g.name[0]))
      op->getResult(first)->setName(g.name);
    if (failed(defineValues(g.name, ValueGroup{op->getResult(first), g.count}, g.loc)))
      return failure();
    first += g.count;
  }
  return success();
}

ParseResult Parser::parseRegion(Region &region, Block *entry) {
  if (regionDepth == kMaxRegionDepth)
    return emitError("regions nested too deeply");
  if (failed(expect('{', "to start a region")))
    return failure();
  ++regionDepth;
  pushScope();
  llvm::StringSet<> labels;
  Block *block = nullptr;
  auto nextBlock = [&] {
    return !block && entry ? entry : region.addBlock();
  };
  while (true) {
    char c = peek();
    if (c == '}' || c == 0)
      break;
    if (c != '^') {
      if (!block)
        block = nextBlock();
      if (failed(parseOperation(*block)))
        return failure();
      continue;
    }
    // ^label(%arg: type, ...):
    const char *labelLoc = cur++;
    const char *begin = cur;
    while (cur != end && isValueNameChar(*cur))
      ++cur;
    llvm::StringRef label(begin, cur - begin);
    if (label.empty())
      return emitError(labelLoc, "expected block label after '^'");
    if (!labels.insert(label).second)
      return emitError(labelLoc, "redefinition of block '^" + label + "'");
    block = nextBlock();
    if (consumeIf('(')) {
      do {
        skipTrivia();
        const char *argLoc = cur;
        llvm::StringRef name;
        Type type;
        if (failed(parseValueName(name)) || failed(expect(':', "after the argument name")) ||
            failed(parseType(type)))
          return failure();
        ProvenanceRef ignored; // block arguments carry no provenance
        if (consumeKeyword("loc") && failed(parseLocation(ignored)))
          return failure();
        Value *arg = block->addArgument(type, isDigit(name[0]) ? llvm::StringRef() : name);
        if (failed(defineValues(name, ValueGroup{arg, 1}, argLoc)))
          return failure();
      } while (consumeIf(','));
      if (failed(expect(')', "at the end of the block arguments")))
        return failure();
    }
    if (failed(expect(':', "after the block label")))
      return failure();
  }
  if (failed(expect('}', "at the end of the region")))
    return failure();
  popScope();
  --regionDepth;
  return success();
}

ParseResult Parser::parseModuleOp(Module &module) {
  skipTrivia();
  const char *loc = cur;
  std::string name;
  if (peek() != '"' || failed(parseString(name)) || name != builtin::kModule)
    return emitError(loc, "expected the \"ir.module\" operation");
  if (failed(expect('(', "after the operation name")) ||
      failed(expect(')', ": ir.module takes no operands")) ||
      failed(expect('(', "before the ir.module region")) ||
      failed(parseRegion(module.getOperation()->getRegion(0), &module.getBody())) ||
      failed(expect(')', ": ir.module has one region")))
    return failure();
  llvm::SmallVector<NamedAttribute, 2> attrs;
  if (peek() == '{' && failed(parseAttrDict(attrs, /*isModule=*/true)))
    return failure();
  if (failed(expect(':', "and the operation's type")))
    return failure();
  skipTrivia();
  const char *typeLoc = cur;
  llvm::SmallVector<const Type *, 1> inputs, results;
  if (failed(parseFunctionType(inputs, results)))
    return failure();
  if (!inputs.empty() || !results.empty())
    return emitError(typeLoc, "ir.module has the type () -> ()");
  ProvenanceRef provenance;
  if (consumeKeyword("loc") && failed(parseLocation(provenance)))
    return failure();
  Operation *op = module.getOperation();
  for (NamedAttribute &attr : attrs)
    op->setAttr(attr.name, std::move(attr.value));
  op->setProvenance(std::move(provenance));

  // Report the first undefined use in the text.
  const ForwardRef *firstRef = nullptr;
  llvm::StringRef firstName;
  for (const auto &[name, pending] : forwardRefs) {
    for (const ForwardRef &ref : pending) {
      if (!firstRef || ref.loc < firstRef->loc) {
        firstRef = &ref;
        firstName = name;
      }
    }
  }
  if (firstRef)
    return emitError(firstRef->loc,
                     "use of undefined value " + describeUse(firstName, firstRef->number));
  return success();
}

} // namespace pt2onnx::ir::textparse
