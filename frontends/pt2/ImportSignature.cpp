//===- ImportSignature.cpp - The graph signature --------------------------===//
//
// The signature pairs the graph's inputs and outputs with their roles: user
// inputs, parameters, buffers, constants, tokens; user outputs and the
// mutations torch performs. The module call graph records the submodules'
// boundaries. Both become attributes of the graph op.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Importer.h"

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;

namespace pt2onnx::pt2::importer {

bool Importer::importSignatureInputs(GraphScope &scope, const json &graph, const json &signature) {
  const json *inputs = field(graph, "inputs");
  const json *specs = inputs ? field(signature, "input_specs") : nullptr;
  if (!specs || !expectArray(*inputs) || !expectArray(*specs))
    return false;
  if (inputs->size() != specs->size())
    return fail(*specs, "the signature has " + Twine(specs->size()) + " input specs, the graph " +
                            Twine(inputs->size()) + " inputs");
  for (size_t i = 0, e = specs->size(); i != e; ++i)
    if (!importSignatureInput(scope, (*inputs)[i], (*specs)[i]))
      return false;
  return true;
}

bool Importer::importSignatureInput(GraphScope &scope, const json &input, const json &spec) {
  StringRef kind;
  const json *body = readUnion(spec, kInputSpecKinds, kind);
  if (!body || !expectObject(*body))
    return false;
  std::string target;
  StringRef name;

  if (kind == "user_input") {
    checkFields(*body, {"arg"}, "UserInputSpec");
    const json *arg = field(*body, "arg");
    if (!arg)
      return false;
    StringRef argKind;
    const json *v = readUnion(*arg, kArgumentKinds, argKind);
    if (!v)
      return false;
    ir::Type type;
    if (argKind == "as_tensor") {
      if (!readTensorArgument(*v, name) || !tensorType(scope, *v, name, type))
        return false;
    } else if (argKind == "as_sym_int" || argKind == "as_sym_float" || argKind == "as_sym_bool") {
      if (!symbolicPlaceholder(scope, argKind, *v, name, type))
        return false;
    } else if (argKind == "as_custom_obj") {
      StringRef cls;
      if (!readCustomObjClass(*v, cls))
        return false;
      return fail(spec, "user input is a custom object of class '" + cls +
                            "', which cannot be converted");
    } else if (!is_contained(kConstantValueKinds, argKind)) {
      return fail(*arg, "user input of kind '" + argKind + "' is not supported");
    }
    // Schemas before constant_input wrote specialized inputs as constants
    // here; like a constant_input they need no value: nodes use the
    // constant itself.
    if (!name.empty() && (!checkGraphInputName(input, name) ||
                          !define(scope, spec, name, scope.block->addArgument(type))))
      return false;
  } else if (kind == "parameter" || kind == "buffer" || kind == "tensor_constant") {
    StringRef fqn;
    const json *arg = field(*body, "arg");
    StringRef targetField = kind == "parameter" ? "parameter_name"
                            : kind == "buffer"  ? "buffer_name"
                                                : "tensor_constant_name";
    if (kind == "buffer")
      checkFields(*body, {"arg", "buffer_name", "persistent"}, "InputToBufferSpec");
    else
      checkFields(*body, {"arg", targetField},
                  kind == "parameter" ? "InputToParameterSpec" : "InputToTensorConstantSpec");
    if (!arg || !readTensorArgument(*arg, name) || !readStringField(*body, targetField, fqn) ||
        !checkGraphInputName(input, name))
      return false;
    target = fqn.str();
    if (kind == "buffer") {
      const json *persistent = field(*body, "persistent");
      bool isPersistent;
      if (!persistent || !readBool(*persistent, isPersistent))
        return false;
      if (!isPersistent)
        nonPersistentBuffers.push_back(target);
    }
    ir::Type type;
    if (!tensorType(scope, *arg, name, type) || !importWeight(spec, kind, fqn, type))
      return false;
    builder.setProvenance(ir::Provenance::make(name));
    if (!define(scope, spec, name, builder.createWeightRef(fqn, type)))
      return false;
  } else if (kind == "custom_obj") {
    checkFields(*body, {"arg", "custom_obj_name"}, "InputToCustomObjSpec");
    StringRef cls, fqn;
    const json *arg = field(*body, "arg");
    if (!arg || !readCustomObjClass(*arg, cls) || !readStringField(*body, "custom_obj_name", fqn))
      return false;
    return fail(spec, "input '" + fqn + "' is a custom object of class '" + cls +
                          "', which cannot be converted");
  } else if (kind == "token") {
    // Effect tokens order side effects in torch and carry no data.
    checkFields(*body, {"arg"}, "InputTokenSpec");
    const json *arg = field(*body, "arg");
    if (!arg || !readTensorArgument(*arg, name, "TokenArgument") ||
        !checkGraphInputName(input, name))
      return false;
    builder.setProvenance(ir::Provenance::make(name));
    if (!define(scope, spec, name, createConstant({ir::Attribute::unit(), ir::Type::none()})))
      return false;
  } else { // constant_input
    checkFields(*body, {"name", "value"}, "InputToConstantInputSpec");
    const json *value = field(*body, "value");
    Scalar s;
    if (!value || !readStringField(*body, "name", name) || !readScalar(*value, s))
      return false;
    builder.setProvenance(ir::Provenance::make(name));
    if (!define(scope, spec, name, createConstant(s)))
      return false;
  }
  builder.setProvenance(nullptr);
  inputKinds.push_back(kind.str());
  inputNames.push_back(name.str());
  inputTargets.push_back(target);
  return true;
}

bool Importer::checkGraphInputName(const json &input, StringRef name) {
  StringRef kind;
  const json *v = readUnion(input, kArgumentKinds, kind);
  if (!v)
    return false;
  const json *ref = !v->is_object()             ? nullptr
                    : optionalField(*v, "name") ? optionalField(*v, "name")
                                                : optionalField(*v, "as_name");
  if (!ref)
    return true; // a constant placeholder has no name of its own
  StringRef graphName;
  if (!readString(*ref, graphName))
    return false;
  if (graphName != name)
    return fail(*ref,
                "graph input '" + graphName + "' does not match the signature's '" + name + "'");
  return true;
}

bool Importer::importSignatureOutputs(GraphScope &scope, const json &graph, const json &signature) {
  const json *outputs = field(graph, "outputs");
  const json *specs = outputs ? field(signature, "output_specs") : nullptr;
  if (!specs || !expectArray(*outputs) || !expectArray(*specs))
    return false;
  if (outputs->size() != specs->size())
    return fail(*specs, "the signature has " + Twine(specs->size()) + " output specs, the graph " +
                            Twine(outputs->size()) + " outputs");
  SmallVector<ir::Value *, 4> results;
  for (size_t i = 0, e = specs->size(); i != e; ++i) {
    const json &spec = (*specs)[i];
    StringRef kind;
    const json *body = readUnion(spec, kOutputSpecKinds, kind);
    if (!body || !expectObject(*body))
      return false;
    // The graph's outputs are the values returned. The spec's `arg` is not
    // checked against them: torch renames a duplicated getitem in the
    // graph's outputs but not in the specs.
    const OutputSpecStruct &specStruct =
        kOutputSpecStructs[find(kOutputSpecKinds, kind) - std::begin(kOutputSpecKinds)];
    StringRef target, targetField = specStruct.target;
    if (targetField.empty())
      checkFields(*body, {"arg"}, specStruct.name);
    else
      checkFields(*body, {"arg", targetField}, specStruct.name);
    if (!targetField.empty() && !readStringField(*body, targetField, target))
      return false;
    ir::Value *value = graphOutput(scope, (*outputs)[i]);
    if (!value)
      return false;
    results.push_back(value);
    outputKinds.push_back(kind.str());
    outputNames.push_back(value->getName().str());
    outputTargets.push_back(target.str());
  }
  builder.setInsertionPointToEnd(scope.block);
  builder.setProvenance(nullptr);
  builder.createReturn(results);
  return true;
}

bool Importer::importModuleCallGraph(const json &graphModule) {
  const json *entries = optionalField(graphModule, "module_call_graph");
  if (!entries)
    return true;
  std::vector<ir::Attribute> list;
  bool ok = forEach(*entries, [&](const json &entry) {
    if (!expectObject(entry))
      return false;
    checkFields(entry, kModuleCallEntryFields, "ModuleCallEntry");
    StringRef fqn;
    if (!readStringField(entry, "fqn", fqn))
      return false;
    std::vector<ir::Attribute> item{ir::Attribute::string(fqn)};
    if (const json *signature = optionalField(entry, "signature")) {
      if (!expectObject(*signature))
        return false;
      checkFields(*signature, kModuleCallSignatureFields, "ModuleCallSignature");
      std::vector<std::string> ins, outs, argNames;
      StringRef inSpec, outSpec;
      const json *in = field(*signature, "inputs");
      const json *out = in ? field(*signature, "outputs") : nullptr;
      if (!out || !argumentNames(*in, ins) || !argumentNames(*out, outs) ||
          !readStringField(*signature, "in_spec", inSpec) ||
          !readStringField(*signature, "out_spec", outSpec))
        return false;
      if (const json *names = optionalField(*signature, "forward_arg_names"))
        if (!forEach(*names, [&](const json &n) {
              StringRef s;
              if (!readString(n, s))
                return false;
              argNames.push_back(s.str());
              return true;
            }))
          return false;
      if (fqn.empty())
        forwardArgNames = argNames;
      item.push_back(ir::Attribute::stringList(ins));
      item.push_back(ir::Attribute::stringList(outs));
      item.push_back(ir::Attribute::stringList(argNames));
      item.push_back(ir::Attribute::string(inSpec));
      item.push_back(ir::Attribute::string(outSpec));
    }
    list.push_back(ir::Attribute::list(std::move(item)));
    return true;
  });
  if (!ok)
    return false;
  moduleCallGraph = ir::Attribute::list(std::move(list));
  return true;
}

bool Importer::argumentNames(const json &arguments, std::vector<std::string> &out) {
  return forEach(arguments, [&](const json &argument) {
    StringRef kind;
    const json *v = readUnion(argument, kArgumentKinds, kind);
    if (!v)
      return false;
    std::string name;
    if (v->is_object()) {
      const json *n =
          optionalField(*v, "name") ? optionalField(*v, "name") : optionalField(*v, "as_name");
      if (n && n->is_string())
        name = n->get_ref<const std::string &>();
    }
    out.push_back(std::move(name));
    return true;
  });
}

} // namespace pt2onnx::pt2::importer
