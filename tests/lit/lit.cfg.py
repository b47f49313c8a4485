# lit configuration for pt2onnx's textual-IR tests.
import os
import sys

import lit.formats

config.name = "pt2onnx"
config.test_format = lit.formats.ShTest(execute_external=False)
# .json: a program's JSON, as the frontend's tests state nodes.
config.suffixes = [".mlir", ".json"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pt2onnx_obj_root, "tests", "lit")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

tools = config.pt2onnx_tools_dir
config.substitutions.append(("%pt2onnx-opt", os.path.join(tools, "pt2onnx-opt")))
config.substitutions.append(("%pt2onnx", os.path.join(tools, "pt2onnx")))
config.substitutions.append(("%mlir-opt", config.mlir_opt))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%examples", os.path.join(config.pt2onnx_src_root, "examples")))

# FileCheck, not, split-file come from LLVM's tools directory.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, tools, config.environment.get("PATH", "")])
if config.mlir_opt:
    config.available_features.add("mlir-opt")
