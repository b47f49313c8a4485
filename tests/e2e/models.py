#!/usr/bin/env python3
"""The end-to-end corpus: a catalog of real PyTorch programs and the exporter that writes them.

Runs inside the oracle (tools/oracle run tests/e2e/models.py), where torch is available. Every case
in CASES builds a model with random weights (seeded, no downloads), exports it with
torch.export.export(..., strict=False) and saves it with torch.export.save. Next to the archive it
stores the inputs and PyTorch's eager outputs for one or more input sets, which the runner (run.py)
compares against ONNX Runtime on the converted model.

Layout of one case folder, OUT/<name>/:
  model.pt2            the archive
  inputs_<k>.npz       input set k: arrays input_0, input_1, ... (the program's user inputs, in order)
  expected_<k>.npz     eager results for set k: output_<i> for the user outputs, mutation_<j> for the
                       final value of each buffer or input the program mutates in place
  case.json            what the export gave: status (and reason), torch version, input and output names,
                       dtypes and shapes of every array, the state the program mutates, the operator
                       targets found in the archive, and the definition hash
  export.log           the traceback, when the export failed
Arrays are stored as numpy arrays of the same dtype, except bfloat16 (numpy has none): its raw bits
are stored as uint16 and the dtype recorded in case.json is "bfloat16".

A case is exported by the torch series it names (Case.torch, e.g. "2.6" for the earlier archive
layout, run under `tools/oracle run --trixie`); cases without one are exported by the main oracle.
Each run of this script exports the cases meant for the torch it runs with and leaves the others
alone. A case whose case.json carries the current definition hash is not exported again; the hash
covers the case's entry, the torch version, and the source of its builder and of the export code
together with every function, class and constant of this file they use.

OUT/catalog.json lists every case (exported or not) for the runner, with how to compare its outputs:
all values within tolerances per dtype, or (outputs drawn at random) shapes and dtypes only.
"""
from __future__ import annotations

import argparse
import copy
import dataclasses
import hashlib
import inspect
import json
import os
import shutil
import sys
import time
import traceback
import zipfile
from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO / "build" / "e2e" / "cases"

# Comparison tolerances by dtype: |onnx - torch| <= atol + rtol * |torch|. Integer and bool outputs
# must match exactly. A case may override entries (Case.tolerances).
DEFAULT_TOLERANCES = {
    "float64": {"rtol": 1e-7, "atol": 1e-9},
    "float32": {"rtol": 1e-4, "atol": 1e-5},
    "float16": {"rtol": 1e-2, "atol": 1e-3},
    "bfloat16": {"rtol": 2e-2, "atol": 1e-2},
}
# Deep networks accumulate float32 rounding differences over dozens of layers (reordered sums, folded
# batch norms): outputs of magnitude 1-10 differ by a few 1e-4 between correct implementations.
DEEP_NET_TOLERANCES = {"float32": {"rtol": 1e-3, "atol": 1e-3}}


@dataclasses.dataclass
class Program:
    """What a builder returns: a model, the example inputs it is exported with (input set 0), the
    dynamic_shapes argument of torch.export.export, further input sets to check with (for a dynamic
    program at least one of other sizes; for control flow, inputs taking the other path), whether
    the model is exported in training mode (eval mode otherwise), and whether the program is saved
    after ep.run_decompositions() (which applies torch.vmap) instead of as exported."""

    model: nn.Module
    inputs: tuple
    dynamic_shapes: Any = None
    more_inputs: list[tuple] = dataclasses.field(default_factory=list)
    training: bool = False
    decompose: bool = False


@dataclasses.dataclass
class Case:
    """One corpus entry. `build(**params)` returns a Program."""

    name: str
    group: str
    build: Callable[..., Program]
    params: dict = dataclasses.field(default_factory=dict)
    description: str = ""
    # torch series to export with ("2.6"); None: the main oracle's torch.
    torch: str | None = None
    # Why torch.export cannot export this program; such a case is listed but not attempted.
    skip: str | None = None
    # "values": compare every output; "shapes": only shapes and dtypes (outputs drawn at random);
    # "structure": only what `structure` says the model holds.
    compare: str = "values"
    compare_reason: str = ""
    tolerances: dict = dataclasses.field(default_factory=dict)
    # Extra converter arguments (convert.py appends them to the command); `{e2e}` stands for this
    # folder, where files the arguments name live (tests/e2e/inputs/).
    convert_args: list = dataclasses.field(default_factory=list)
    # What the model must hold, checked by run.py before it runs the model: "imports" {domain: version},
    # "nodes" [[domain, op_type, attributes]] (every node outside the default domain, in order),
    # "op_counts" {"domain:op_type": n} (how many nodes of each type named, at every opset) and
    # "functions" [[domain, name]] (the local functions, in order). With compare="structure" the model
    # is not run (ONNX Runtime cannot run a domain it does not know).
    structure: dict = dataclasses.field(default_factory=dict)

    def definition_hash(self) -> str:
        """Hash of everything that determines what this case writes: the fields of its entry that the
        export uses, the torch version, and the source of its builder and of the export code, with all
        they use from this file. (Description and tolerances live in the catalog, not the export.)"""
        entry = json.dumps([self.params, self.torch, self.skip, self.compare], sort_keys=True, default=repr)
        text = "\n".join([entry, torch.__version__, source_closure([self.build, process])])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def catalog_entry(self) -> dict:
        tolerances = {dtype: tol | self.tolerances.get(dtype, {}) for dtype, tol in DEFAULT_TOLERANCES.items()}
        return {"name": self.name, "group": self.group, "description": self.description, "torch": self.torch,
                "skip": self.skip, "compare": self.compare, "compare_reason": self.compare_reason,
                "tolerances": tolerances, "convert_args": self.convert_args,
                "structure": self.structure}


def source_closure(roots: list) -> str:
    """The source of the given functions and classes of this file and, transitively, of every function,
    class and constant of this file they refer to by name (a bound classmethod counts as its class)."""
    module = sys.modules[__name__]
    seen: set[str] = set()
    parts: list[str] = []
    pending = list(roots)
    while pending:
        obj = pending.pop()
        obj = getattr(obj, "__self__", obj) if inspect.ismethod(obj) else obj
        name = getattr(obj, "__qualname__", None)
        if name in seen or getattr(obj, "__module__", None) != __name__:
            continue
        seen.add(name)
        parts.append(inspect.getsource(obj))
        functions = [obj] if inspect.isfunction(obj) else []
        if inspect.isclass(obj):
            pending.extend(base for base in obj.__mro__[1:])
            functions = [getattr(f, "__func__", f) for f in vars(obj).values()]
        codes = [f.__code__ for f in functions if hasattr(f, "__code__")]
        while codes:
            code = codes.pop()
            codes.extend(c for c in code.co_consts if inspect.iscode(c))
            for ref in code.co_names:
                value = getattr(module, ref, None)
                if inspect.isfunction(value) or inspect.isclass(value):
                    pending.append(value)
                elif isinstance(value, (int, float, str, dict, tuple)) and ref.isupper():
                    parts.append(f"{ref} = {value!r}")
    return "\n".join(sorted(set(parts)))


# ---------------------------------------------------------------------------------------------------
# Builders of library models
# ---------------------------------------------------------------------------------------------------

def realistic_statistics(model: nn.Module, batch: torch.Tensor) -> nn.Module:
    """Makes a randomly initialised network behave like a trained one numerically. Left at their
    defaults (mean 0, variance 1), batch-norm statistics let activations vanish or explode through deep
    networks, until outputs are around 1e-14 or 1e12 and a comparison says little; so they are set as
    training would set them, from the statistics of a random batch. Zero-initialised classifier heads
    (ViT) get random weights, or every output would be 0."""
    norms = {m: m.momentum for m in model.modules() if isinstance(m, nn.modules.batchnorm._BatchNorm)}
    for norm in norms:
        norm.reset_running_stats()
        norm.momentum = None  # a cumulative average: one batch sets the statistics
    with torch.no_grad():
        model.train()(batch)
    for norm, momentum in norms.items():
        norm.momentum = momentum
    for linear in model.modules():
        if isinstance(linear, nn.Linear) and not linear.weight.any():
            nn.init.normal_(linear.weight, std=0.02)
    return model


def torchvision_classifier(arch: str, size: int = 224, dynamic: str = "", options: dict | None = None) -> Program:
    """A torchvision classification network. dynamic: "" (static), "batch", or "spatial" (H and W);
    options: keyword arguments of the model's constructor."""
    import torchvision

    model = torchvision.models.get_model(arch, weights=None, **(options or {}))
    realistic_statistics(model, torch.randn(4, 3, size, size))
    x = torch.randn(2 if dynamic == "batch" else 1, 3, size, size)
    if dynamic == "batch":
        batch = Dim("batch", min=1, max=32)
        return Program(model, (x,), ({0: batch},), [(torch.randn(1, 3, size, size),)])
    if dynamic == "spatial":
        # Above 32 pixels: at 32 or less the last feature map is 1x1, which the exporter specialises on.
        height, width = Dim("height", min=64, max=512), Dim("width", min=64, max=512)
        return Program(model, (x,), ({2: height, 3: width},), [(torch.randn(1, 3, 96, 160),)])
    return Program(model, (x,))


class DictOutputs(nn.Module):
    """Returns the values of a model's dict output as a tuple, in key order."""

    def __init__(self, model: nn.Module, keys: tuple[str, ...]):
        super().__init__()
        self.model, self.keys = model, keys

    def forward(self, *args):
        out = self.model(*args)
        return tuple(out[k] for k in self.keys)


def torchvision_segmentation(arch: str, size: int = 224) -> Program:
    import torchvision

    model = torchvision.models.get_model(arch, weights=None, weights_backbone=None, num_classes=21)
    realistic_statistics(model, torch.randn(4, 3, size, size))
    return Program(DictOutputs(model, ("out",)), (torch.randn(1, 3, size, size),))


def torchvision_detection(arch: str, size: int = 320) -> Program:
    import torchvision

    model = torchvision.models.get_model(arch, weights=None, weights_backbone=None, num_classes=91)
    return Program(model, ([torch.rand(3, size, size)],))


def torchvision_optical_flow(arch: str, size: int = 128) -> Program:
    import torchvision

    model = torchvision.models.get_model(arch, weights=None)
    images = torch.rand(1, 3, size, size), torch.rand(1, 3, size, size)
    return Program(model, images)


class HiddenStates(nn.Module):
    """Calls a transformers model with keyword inputs and returns the named tensors of its output,
    so the program's outputs are plain tensors (the output classes carry optional fields). Its
    forward takes *args, so dynamic_shapes describes the inputs as one tuple: ((dims, dims, ...),)."""

    def __init__(self, model: nn.Module, input_names: tuple[str, ...], output_names: tuple[str, ...]):
        super().__init__()
        self.model, self.input_names, self.output_names = model, input_names, output_names

    def forward(self, *args):
        out = self.model(**dict(zip(self.input_names, args)))
        return tuple(getattr(out, k) for k in self.output_names)


def token_batch(batch: int, seq: int, vocab: int = 1000, padded: bool = True) -> tuple:
    """input_ids and an attention_mask whose last row has two padding positions."""
    ids = torch.randint(0, vocab, (batch, seq))
    mask = torch.ones(batch, seq, dtype=torch.int64)
    if padded:
        mask[-1, -2:] = 0
    return ids, mask


def fully_padded(batch: int, seq: int) -> tuple:
    """token_batch whose last row is padding throughout: every query of it attends to nothing."""
    ids, mask = token_batch(batch, seq)
    mask[-1] = 0
    return ids, mask


def hf_encoder(kind: str) -> Program:
    """transformers text models from small configs: 2 layers, hidden 128, dynamic batch and sequence."""
    import transformers as tf

    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=2, max=128)
    token_dims = ({0: batch, 1: seq}, {0: batch, 1: seq})
    if kind == "bert":
        config = tf.BertConfig(vocab_size=1000, hidden_size=128, num_hidden_layers=2, num_attention_heads=4,
                               intermediate_size=256, max_position_embeddings=128)
        model = HiddenStates(tf.BertModel(config), ("input_ids", "attention_mask"),
                             ("last_hidden_state", "pooler_output"))
    elif kind == "llama":
        config = tf.LlamaConfig(vocab_size=1000, hidden_size=128, intermediate_size=256, num_hidden_layers=2,
                                num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256,
                                use_cache=False)
        model = HiddenStates(tf.LlamaModel(config), ("input_ids", "attention_mask"), ("last_hidden_state",))
    elif kind == "qwen2":
        config = tf.Qwen2Config(vocab_size=1000, hidden_size=128, intermediate_size=256, num_hidden_layers=2,
                                num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256,
                                use_cache=False)
        model = HiddenStates(tf.Qwen2Model(config), ("input_ids", "attention_mask"), ("last_hidden_state",))
    elif kind == "t5":
        config = tf.T5Config(vocab_size=1000, d_model=128, d_kv=32, d_ff=256, num_layers=2, num_heads=4)
        model = HiddenStates(tf.T5EncoderModel(config), ("input_ids", "attention_mask"), ("last_hidden_state",))
    elif kind == "gpt2":
        config = tf.GPT2Config(vocab_size=1000, n_embd=128, n_layer=2, n_head=4, n_positions=128, use_cache=False,
                               bos_token_id=0, eos_token_id=0)
        model = HiddenStates(tf.GPT2Model(config), ("input_ids", "attention_mask"), ("last_hidden_state",))
    else:
        raise ValueError(kind)
    more = [token_batch(3, 9), fully_padded(2, 5)]
    if kind == "qwen2":
        # Left padding: the first positions of a row attend to nothing (a fused causal attention
        # must give what the program gives there).
        ids, mask = token_batch(2, 7, padded=False)
        mask[1, :3] = 0
        more.append((ids, mask))
    return Program(model, token_batch(2, 16), (token_dims,), more)


class DynamicCacheDecoder(nn.Module):
    """A transformers decoder called with its KV cache as tensors: the past keys and values of each
    layer are inputs (past_0 = layer 0's keys, past_1 its values, ...); the outputs are the last hidden
    state and every layer's keys and values after the step (the past and the new tokens'). The cache
    is a DynamicCache whose layers are given the past tensors as they are: filling it through
    DynamicCache(ddp_cache_data) or update() would concatenate each past onto an empty 1-D tensor
    (DynamicLayer.lazy_initialization) and export that Concat."""

    def __init__(self, model: nn.Module):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask, *past):
        from transformers.cache_utils import DynamicCache

        cache = DynamicCache(config=self.model.config)
        for layer, keys, values in zip(cache.layers, past[0::2], past[1::2]):
            layer.dtype, layer.device, layer.is_initialized = keys.dtype, keys.device, True
            layer.keys, layer.values = keys, values
        out = self.model(input_ids=input_ids, attention_mask=attention_mask, past_key_values=cache, use_cache=True)
        return (out.last_hidden_state,) + tuple(t for layer in out.past_key_values.layers
                                                for t in (layer.keys, layer.values))


def cached_tokens(batch: int, new: int, past: int, layers: int = 2, kv_heads: int = 2, head_dim: int = 32,
                  left_padding: int = 0) -> tuple:
    """DynamicCacheDecoder's inputs: `new` token ids, an attention mask over the past and new positions
    (the last row's first `left_padding` positions masked), and each layer's past keys and values."""
    ids = torch.randint(0, 1000, (batch, new))
    mask = torch.ones(batch, past + new, dtype=torch.int64)
    if left_padding:
        mask[-1, :left_padding] = 0
    return (ids, mask) + tuple(torch.randn(batch, kv_heads, past, head_dim) for _ in range(2 * layers))


def hf_dynamic_cache_decode(decode_only: bool = False) -> Program:
    """A transformers Llama step with past keys and values as inputs (DynamicCacheDecoder): dynamic
    batch and past length, and a dynamic number of new tokens unless `decode_only` (one new token).
    The mask's length (past + new) is Dim.AUTO: torch.export derives it, since a Dim cannot be the
    sum of two others. Input sets: a prefill with past (3 new tokens, past 4; the example), a decode
    step (1 token, past 5), and both with left padding in the last row's past; decode steps only
    with `decode_only`."""
    import transformers as tf

    config = tf.LlamaConfig(vocab_size=1000, hidden_size=128, intermediate_size=256, num_hidden_layers=2,
                            num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256)
    model = DynamicCacheDecoder(tf.LlamaModel(config))
    batch, new, past = Dim("batch", min=1, max=16), Dim("new", min=1, max=64), Dim("past", min=1, max=128)
    dims = ({0: batch} if decode_only else {0: batch, 1: new}, {0: batch, 1: Dim.AUTO},
            tuple({0: batch, 2: past} for _ in range(4)))
    if decode_only:
        return Program(model, cached_tokens(2, 1, 4), dims,
                       [cached_tokens(1, 1, 5), cached_tokens(3, 1, 5, left_padding=2), cached_tokens(2, 1, 2)])
    return Program(model, cached_tokens(2, 3, 4), dims,
                   [cached_tokens(1, 1, 5), cached_tokens(3, 1, 5, left_padding=2),
                    cached_tokens(2, 3, 4, left_padding=3)])


class StaticCacheDecode(nn.Module):
    """A decoder with a static KV cache as transformers exports it (TorchExportableModuleWithStaticCache),
    called with the token ids and their cache positions."""

    def __init__(self, model: nn.Module):
        super().__init__()
        self.model = model

    def forward(self, input_ids, cache_position):
        return self.model(input_ids=input_ids, cache_position=cache_position)


def hf_static_cache_decode() -> Program:
    """A transformers Llama decode step with a static KV cache: its cache buffers are written at the
    step's positions with index_copy_; a second input set decodes at another position."""
    import transformers as tf
    from transformers.integrations.executorch import TorchExportableModuleWithStaticCache

    config = tf.LlamaConfig(vocab_size=1000, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                            num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
    # Without gradients, the cache buffers the export writes stay leaves, which copy.deepcopy accepts.
    model = tf.LlamaForCausalLM(config).eval().requires_grad_(False)
    model.generation_config.cache_implementation = "static"
    wrapped = StaticCacheDecode(TorchExportableModuleWithStaticCache(model, batch_size=1, max_cache_len=16))
    return Program(wrapped, (torch.tensor([[7]]), torch.tensor([3])),
                   more_inputs=[(torch.tensor([[11]]), torch.tensor([0]))])


def hf_vision_speech(kind: str) -> Program:
    """transformers image and speech encoders from small configs."""
    import transformers as tf

    if kind == "vit":
        config = tf.ViTConfig(hidden_size=128, num_hidden_layers=2, num_attention_heads=4, intermediate_size=256,
                              image_size=64, patch_size=8)
        model = HiddenStates(tf.ViTModel(config), ("pixel_values",), ("last_hidden_state", "pooler_output"))
        return Program(model, (torch.randn(1, 3, 64, 64),))
    if kind == "wav2vec2":
        config = tf.Wav2Vec2Config(hidden_size=128, num_hidden_layers=2, num_attention_heads=4,
                                   intermediate_size=256, conv_dim=(32, 32, 32), conv_stride=(5, 2, 2),
                                   conv_kernel=(10, 3, 3), num_conv_pos_embeddings=16,
                                   num_conv_pos_embedding_groups=4, do_stable_layer_norm=True,
                                   feat_extract_norm="layer")
        model = HiddenStates(tf.Wav2Vec2Model(config), ("input_values",), ("last_hidden_state",))
        # Whole frames of the feature extractor (total stride 20): other lengths raise guards the exporter
        # cannot prove over the range.
        frames = Dim("frames", min=20, max=3200)
        return Program(model, (torch.randn(1, 4000),), (({1: 20 * frames},),), [(torch.randn(1, 3220),)])
    if kind == "whisper":
        config = tf.WhisperConfig(d_model=128, encoder_layers=2, encoder_attention_heads=4, encoder_ffn_dim=256,
                                  decoder_layers=2, decoder_attention_heads=4, decoder_ffn_dim=256,
                                  num_mel_bins=80, max_source_positions=100, vocab_size=1000, pad_token_id=0,
                                  bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
        encoder = tf.WhisperModel(config).get_encoder()
        model = HiddenStates(encoder, ("input_features",), ("last_hidden_state",))
        return Program(model, (torch.randn(1, 80, 200),))
    raise ValueError(kind)


class FirstOutput(nn.Module):
    """Keeps the first element of a model's tuple output (torchaudio models also return lengths).
    Like HiddenStates, its dynamic_shapes describe the inputs as one tuple."""

    def __init__(self, model: nn.Module):
        super().__init__()
        self.model = model

    def forward(self, *args):
        return self.model(*args)[0]


def torchaudio_model(kind: str) -> Program:
    """torchaudio models with small hyper-parameters."""
    import torchaudio

    if kind == "wav2vec2":
        model = torchaudio.models.wav2vec2_model(
            extractor_mode="group_norm", extractor_conv_layer_config=[(32, 10, 5), (32, 3, 2), (32, 3, 2)],
            extractor_conv_bias=False, encoder_embed_dim=128, encoder_projection_dropout=0.0,
            encoder_pos_conv_kernel=16, encoder_pos_conv_groups=4, encoder_num_layers=2, encoder_num_heads=4,
            encoder_attention_dropout=0.0, encoder_ff_interm_features=256, encoder_ff_interm_dropout=0.0,
            encoder_dropout=0.0, encoder_layer_norm_first=False, encoder_layer_drop=0.0, aux_num_out=32)
        frames = Dim("frames", min=20, max=3200)  # whole frames, as for the transformers wav2vec2
        return Program(FirstOutput(model), (torch.randn(1, 4000),), (({1: 20 * frames},),), [(torch.randn(1, 2500),)])
    if kind == "conformer":
        model = torchaudio.models.Conformer(input_dim=80, num_heads=4, ffn_dim=128, num_layers=2,
                                            depthwise_conv_kernel_size=15)
        lengths = torch.tensor([50, 42])
        return Program(FirstOutput(model), (torch.randn(2, 50, 80), lengths))
    if kind == "conv_tasnet":
        model = torchaudio.models.ConvTasNet(num_sources=2, enc_kernel_size=16, enc_num_feats=64,
                                             msk_kernel_size=3, msk_num_feats=32, msk_num_hidden_feats=64,
                                             msk_num_layers=2, msk_num_stacks=2)
        return Program(model, (torch.randn(1, 1, 4000),))
    if kind == "melspectrogram":
        model = torchaudio.transforms.MelSpectrogram(sample_rate=16000, n_fft=400, hop_length=160, n_mels=40)
        # Whole hops: the exporter cannot prove the frame count's guards for arbitrary lengths.
        hops = Dim("hops", min=3, max=1000)
        return Program(model, (torch.randn(1, 8000),), ({1: 160 * hops},), [(torch.randn(1, 4800),)])
    raise ValueError(kind)


# ---------------------------------------------------------------------------------------------------
# Focused programs: each class exercises one area; its program() gives the inputs it is checked with
# ---------------------------------------------------------------------------------------------------

class SymbolicReshape(nn.Module):
    """Dynamic batch and sequence with range constraints; reshapes computed from symbolic sizes."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x):
        b, s, h = x.shape
        y = self.proj(x).view(b, s // 2, 2 * h)
        pooled = y.reshape(-1, 2 * h).mean(0)
        half = x[:, : s // 2].flatten(1)
        return y.softmax(-1), pooled, half, x.new_zeros(b * s).unsqueeze(0)

    @classmethod
    def program(cls):
        batch, half = Dim("batch", min=1, max=8), Dim("half", min=2, max=64)
        return Program(cls(), (torch.randn(2, 8, 16),), ({0: batch, 1: 2 * half},), [(torch.randn(3, 12, 16),)])


class MaskedEmbedding(nn.Module):
    """Embedding, positions from arange, causal mask built with triu over a dynamic sequence."""

    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(100, 32)
        self.positions = nn.Embedding(64, 32)

    def forward(self, ids):
        seq = ids.shape[1]
        x = self.tokens(ids) + self.positions(torch.arange(seq, device=ids.device))
        causal = torch.ones(seq, seq, dtype=torch.bool).triu(1)
        scores = (x @ x.transpose(1, 2)).masked_fill(causal, float("-inf"))
        return scores.softmax(-1) @ x, torch.full((seq,), 2.0).cumsum(0)

    @classmethod
    def program(cls):
        seq = Dim("seq", min=2, max=64)
        return Program(cls(), (torch.randint(0, 100, (2, 10)),), ({1: seq},), [(torch.randint(0, 100, (2, 17)),)])


class DataDependentShape(nn.Module):
    """Outputs whose size depends on values: nonzero and boolean-mask selection."""

    def forward(self, x):
        return torch.nonzero(x > 0), x[x > 0.5] * 2

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 8),), more_inputs=[(torch.randn(4, 8),)])


class Cond(nn.Module):
    """torch.cond on a data-dependent predicate, branches closing over a parameter."""

    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(4, 4))

    def forward(self, x):
        def positive(x):
            return (x @ self.weight).sin()

        def negative(x):
            return (x - 1).cos() * 2

        return torch.cond(x.sum() > 0, positive, negative, (x,))

    @classmethod
    def program(cls):
        x = torch.randn(3, 4)
        return Program(cls(), (x.abs(),), more_inputs=[(-x.abs(),)])


class WhileLoop(nn.Module):
    """torch._higher_order_ops.while_loop with a trip count given as an input tensor."""

    def forward(self, n, x):
        def cond_fn(i, n, x):
            return i < n

        def body_fn(i, n, x):
            return i + 1, n.clone(), x * 0.5 + x.sin()

        from torch._higher_order_ops import while_loop
        steps, _, y = while_loop(cond_fn, body_fn, (torch.zeros((), dtype=torch.int64), n, x))
        return steps, y

    @classmethod
    def program(cls):
        return Program(cls(), (torch.tensor(3), torch.randn(2, 5)), more_inputs=[(torch.tensor(6), torch.randn(2, 5))])


class MapRows(nn.Module):
    """torch._higher_order_ops.map over the leading dimension with an extra operand."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)

    def forward(self, xs, y):
        from torch._higher_order_ops import map as map_rows
        return map_rows(lambda x, y: self.linear(x).relu() + y, xs, y)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(5, 3, 8), torch.randn(8)))


class Scan(nn.Module):
    """torch._higher_order_ops.scan: a running state carried along the sequence."""

    def forward(self, init, xs):
        def step(carry, x):
            carry = carry * 0.9 + x.tanh()
            return carry, carry.sum(-1)

        from torch._higher_order_ops import scan
        return scan(step, init, xs)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.zeros(2, 4), torch.randn(7, 2, 4)))


class BufferMutation(nn.Module):
    """In-place updates of registered buffers (running statistics)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(()))
        self.register_buffer("total", torch.zeros(6))

    def forward(self, x):
        self.total.add_(x.sum(0))
        self.count.add_(x.shape[0])
        return x - self.total / self.count

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 6),))


class InputMutation(nn.Module):
    """In-place updates of user inputs, whose new values the program's caller sees."""

    def forward(self, x, y):
        x.add_(1)
        y.mul_(x)
        return x + y

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(3, 4), torch.randn(3, 4)))


class TrainBatchNorm(nn.Module):
    """Batch norm in training mode: normalises with batch statistics and updates running stats."""

    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.Conv2d(8, 4, 3),
                                  nn.BatchNorm2d(4))

    def forward(self, x):
        return self.body(x)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 3, 16, 16),), training=True)


class TrainDropout(nn.Module):
    """Dropout in training mode (p=0.5) and a batch-norm layer: the kept elements are drawn at random."""

    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 32), nn.BatchNorm1d(32), nn.Dropout(0.5), nn.Linear(32, 8))

    def forward(self, x):
        return self.body(x)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(8, 16),), training=True)


class IntegerAndBool(nn.Module):
    """int32 / int64 arithmetic, integer division, bit operations, comparisons and bool logic."""

    def forward(self, a, b, m):
        c = a.to(torch.int64) * b + 3
        quotient = torch.div(c, 4, rounding_mode="floor")
        remainder = torch.remainder(c, 5)
        bits = (a & 0xF) | (a << 2) ^ 1
        flags = ((c > 5) & m) | ~m
        chosen = torch.where(flags, c, -c)
        return quotient, remainder, bits, flags, chosen.sum(1), a // 3, m.to(torch.int32).cumsum(1), c.argmax(1)

    @classmethod
    def program(cls):
        a = torch.randint(-50, 50, (3, 7), dtype=torch.int32)
        b = torch.randint(-9, 9, (3, 7))
        return Program(cls(), (a, b, torch.rand(3, 7) > 0.5))


class HalfPrecision(nn.Module):
    """float16 linear, normalisation and activations, with casts to and from float32."""

    def __init__(self, dtype=torch.float16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, 64), nn.LayerNorm(64), nn.GELU(), nn.Linear(64, 16)).to(dtype)
        self.dtype = dtype

    def forward(self, x, scale):
        y = self.body(x) * scale.to(self.dtype)
        return y.softmax(-1), y.float().sum(-1), (x.float() * 2).to(self.dtype)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 32, dtype=torch.float16), torch.tensor(0.5)))


class BFloat16(HalfPrecision):
    """The same program in bfloat16."""

    @classmethod
    def program(cls):
        return Program(cls(torch.bfloat16), (torch.randn(4, 32, dtype=torch.bfloat16), torch.tensor(0.5)))


class HalfPrecisionNorms(nn.Module):
    """The float16 RMS norms HF models write by hand (LlamaRMSNorm: computed in float32 and cast back;
    T5LayerNorm: the variance in float32, the product in float16) around Llama's rotate_half rotary
    embedding, with dynamic batch and length: fuse-ops makes them RMSNormalization and
    RotaryEmbedding from opset 23."""

    def __init__(self, width: int = 32, heads: int = 4):
        super().__init__()
        self.heads, self.head_dim = heads, width // heads
        self.llama_weight = nn.Parameter(torch.randn(width).half())
        self.t5_weight = nn.Parameter(torch.randn(width).half())
        half = torch.arange(0, self.head_dim, 2).float() / self.head_dim
        self.register_buffer("inv_freq", 1.0 / (10000 ** half))

    def llama_norm(self, x):
        h = x.to(torch.float32)
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6)
        return self.llama_weight * h.to(x.dtype)

    def t5_norm(self, x):
        variance = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
        return self.t5_weight * (x * torch.rsqrt(variance + 1e-6)).to(self.t5_weight.dtype)

    @staticmethod
    def rotate_half(x):
        return torch.cat((-x[..., x.shape[-1] // 2:], x[..., : x.shape[-1] // 2]), dim=-1)

    def forward(self, x):
        b, t, width = x.shape
        positions = torch.arange(t).unsqueeze(0).float()
        freqs = (self.inv_freq[None, :, None] @ positions[:, None, :]).transpose(1, 2)
        angles = torch.cat((freqs, freqs), dim=-1)
        cos, sin = angles.cos().to(x.dtype).unsqueeze(1), angles.sin().to(x.dtype).unsqueeze(1)
        q = self.llama_norm(x).view(b, t, self.heads, self.head_dim).transpose(1, 2)
        q = q * cos + self.rotate_half(q) * sin
        return self.t5_norm(q.transpose(1, 2).reshape(b, t, width))

    @classmethod
    def program(cls):
        batch, seq = Dim("batch", min=1, max=8), Dim("seq", min=2, max=64)
        return Program(cls(), (torch.randn(2, 6, 32, dtype=torch.float16),), ({0: batch, 1: seq},),
                       [(torch.randn(3, 11, 32, dtype=torch.float16),)])


class Indexing(nn.Module):
    """Advanced indexing, index_put, gather, scatter, index_select, masked_fill and where."""

    def forward(self, x, rows, cols, mask):
        picked = x[rows]
        strided = x[:, 1:6:2]
        pairs = x[rows, cols[:3]]
        put = x.index_put((rows,), torch.ones(3, x.shape[1]))
        accumulated = x.index_put((rows, cols[:3]), torch.full((3,), 2.0), accumulate=True)
        y = x.clone()
        y[rows[0], :2] = -5.0
        gathered = torch.gather(x, 1, cols.view(1, -1).expand(x.shape[0], -1))
        scattered = torch.zeros_like(x).scatter(1, cols.view(1, -1).expand(x.shape[0], -1), x[:, : cols.shape[0]])
        added = torch.zeros(5, x.shape[1]).scatter_add(0, rows.view(-1, 1).expand(-1, x.shape[1]), x[:3])
        return (picked, strided, pairs, put, accumulated, y, gathered, scattered, added, x.index_select(1, cols),
                x.masked_fill(mask, -1.0), torch.where(mask, x, 0.5 * x))

    @classmethod
    def program(cls):
        x = torch.randn(5, 8)
        rows, cols = torch.tensor([4, 0, 2]), torch.tensor([7, 1, 3, 5])
        return Program(cls(), (x, rows, cols, torch.rand(5, 8) > 0.5))


class StaticKVCache(nn.Module):
    """One decode step of a Llama-style attention layer with a static KV cache: the step's keys and
    values are written into preallocated cache buffers at their positions with index_copy_, and the
    queries attend to the cache up to their position; a second input set writes other positions."""

    def __init__(self, dim: int = 32, heads: int = 4, max_len: int = 16):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.q, self.k, self.v, self.o = (nn.Linear(dim, dim, bias=False) for _ in range(4))
        self.register_buffer("k_cache", torch.randn(1, heads, max_len, dim // heads))
        self.register_buffer("v_cache", torch.randn(1, heads, max_len, dim // heads))

    def split_heads(self, t: torch.Tensor) -> torch.Tensor:
        return t.view(t.shape[0], t.shape[1], self.heads, self.head_dim).transpose(1, 2)

    def forward(self, x, positions):
        q, k, v = self.split_heads(self.q(x)), self.split_heads(self.k(x)), self.split_heads(self.v(x))
        self.k_cache.index_copy_(2, positions, k)
        self.v_cache.index_copy_(2, positions, v)
        visible = torch.arange(self.k_cache.shape[2]) <= positions[:, None]
        attended = F.scaled_dot_product_attention(q, self.k_cache, self.v_cache, attn_mask=visible)
        return self.o(attended.transpose(1, 2).reshape(x.shape))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(1, 2, 32), torch.tensor([5, 6])),
                       more_inputs=[(torch.randn(1, 2, 32), torch.tensor([0, 1]))])


class Recurrent(nn.Module):
    """nn.LSTM (two layers, bidirectional; with projections too) or nn.GRU (with an initial state),
    dynamic batch. (The exporter specialises the sequence length of recurrent layers, so it cannot be
    dynamic.)"""

    def __init__(self, kind: str):
        super().__init__()
        if kind == "lstm":
            self.rnn = nn.LSTM(16, 32, num_layers=2, batch_first=True, bidirectional=True)
        elif kind == "lstm_projected":
            self.rnn = nn.LSTM(16, 32, num_layers=2, batch_first=True, bidirectional=True, proj_size=8)
        else:
            self.rnn = nn.GRU(16, 32, batch_first=True)

    def forward(self, x, *state):
        out, hidden = self.rnn(x, *state)
        return out, hidden

    @classmethod
    def program_lstm(cls):
        batch = Dim("batch", min=1, max=64)
        return Program(cls("lstm"), (torch.randn(2, 10, 16),), ({0: batch},), [(torch.randn(5, 10, 16),)])

    @classmethod
    def program_lstm_projected(cls):
        # With initial states: h0 has proj_size features, c0 hidden_size.
        batch = Dim("batch", min=1, max=64)
        return Program(cls("lstm_projected"), (torch.randn(2, 10, 16), (torch.randn(4, 2, 8), torch.randn(4, 2, 32))),
                       ({0: batch}, (({1: batch}, {1: batch}),)),
                       [(torch.randn(5, 10, 16), (torch.randn(4, 5, 8), torch.randn(4, 5, 32)))])

    @classmethod
    def program_gru(cls):
        # forward(x, *state): the state is given as a tuple.
        batch = Dim("batch", min=1, max=64)
        return Program(cls("gru"), (torch.randn(2, 10, 16), torch.randn(1, 2, 32)), ({0: batch}, ({1: batch},)),
                       [(torch.randn(3, 10, 16), torch.randn(1, 3, 32))])


class Quantized(nn.Module):
    """A PT2E-quantized convolution block: int8 weights dequantized per channel, activations quantized
    and dequantized per tensor (uint8 and int8) around conv, relu and linear, as convert_pt2e writes
    them with `quantized_decomposed` ops; dynamic batch."""

    def __init__(self):
        super().__init__()
        import torch.ao.quantization.fx._decomposed  # noqa: F401 - registers quantized_decomposed
        g = torch.Generator().manual_seed(0)
        self.register_buffer("conv_w", torch.randint(-127, 128, (8, 3, 3, 3), generator=g, dtype=torch.int8))
        self.register_buffer("conv_scale", torch.rand(8, generator=g) * 0.004 + 0.002)
        self.register_buffer("conv_zp", torch.zeros(8, dtype=torch.int64))
        self.register_buffer("fc_w", torch.randint(-127, 128, (10, 8), generator=g, dtype=torch.int8))
        self.register_buffer("fc_scale", torch.rand(10, generator=g) * 0.004 + 0.002)
        self.register_buffer("fc_zp", torch.zeros(10, dtype=torch.int64))
        self.conv_b = nn.Parameter(torch.randn(8, generator=g) * 0.1)

    def forward(self, x):
        qd = torch.ops.quantized_decomposed
        x = qd.dequantize_per_tensor(qd.quantize_per_tensor(x, 0.025, 128, 0, 255, torch.uint8),
                                     0.025, 128, 0, 255, torch.uint8)
        w = qd.dequantize_per_channel(self.conv_w, self.conv_scale, self.conv_zp, 0, -127, 127, torch.int8)
        y = F.relu(F.conv2d(x, w, self.conv_b, padding=1))
        y = qd.dequantize_per_tensor(qd.quantize_per_tensor(y, 0.02, -128, -128, 127, torch.int8),
                                     0.02, -128, -128, 127, torch.int8)
        pooled = y.mean((2, 3))
        fc = qd.dequantize_per_channel(self.fc_w, self.fc_scale, self.fc_zp, 0, -127, 127, torch.int8)
        return F.linear(pooled, fc)

    @classmethod
    def program(cls):
        batch = Dim("batch", min=1, max=16)
        return Program(cls(), (torch.rand(2, 3, 12, 12) * 4 - 2,), ({0: batch},), [(torch.rand(5, 3, 12, 12) * 4 - 2,)])


class FakeQuantized(nn.Module):
    """Quantization-aware training's fake quantization, per tensor (8-bit and 4-bit ranges, scale and
    zero point as tensors too) and per channel, around a linear layer."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 12)
        self.register_buffer("scale", torch.tensor([0.05]))
        self.register_buffer("zero_point", torch.tensor([3], dtype=torch.int32))
        self.register_buffer("channel_scale", torch.rand(12) * 0.02 + 0.01)
        self.register_buffer("channel_zp", torch.randint(-5, 5, (12,), dtype=torch.int32))

    def forward(self, x):
        x = torch.fake_quantize_per_tensor_affine(x, 0.04, 120, 0, 255)
        w = torch.fake_quantize_per_channel_affine(self.fc.weight, self.channel_scale, self.channel_zp, 0, -128, 127)
        y = F.linear(x, w, self.fc.bias)
        return (torch.fake_quantize_per_tensor_affine(y, self.scale, self.zero_point, -128, 127),
                torch.fake_quantize_per_tensor_affine(y, 0.1, 7, 0, 15),
                torch.fake_quantize_per_channel_affine(y, self.channel_scale * 4, self.channel_zp, 1, -8, 7))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 16),))


class MoERouting(nn.Module):
    """Mixtral-style mixture-of-experts routing: a softmax router picks the top 2 experts per token,
    their weights renormalized; histc counts the tokens each expert gets; each expert runs on its
    tokens (found with torch.where) and index_add_ adds its weighted outputs back."""

    def __init__(self, experts: int = 4, dim: int = 16, hidden: int = 24):
        super().__init__()
        self.experts = experts
        self.router = nn.Linear(dim, experts, bias=False)
        self.up = nn.ModuleList(nn.Linear(dim, hidden, bias=False) for _ in range(experts))
        self.gate = nn.ModuleList(nn.Linear(dim, hidden, bias=False) for _ in range(experts))
        self.down = nn.ModuleList(nn.Linear(hidden, dim, bias=False) for _ in range(experts))

    def forward(self, x):
        weights, chosen = self.router(x).softmax(-1).topk(2, dim=-1)
        weights = weights / weights.sum(-1, keepdim=True)
        counts = torch.histc(chosen.float(), bins=self.experts, min=0, max=self.experts - 1)
        out = torch.zeros_like(x)
        for e in range(self.experts):
            token, slot = torch.where(chosen == e)
            h = x[token]
            y = self.down[e](F.silu(self.gate[e](h)) * self.up[e](h))
            out.index_add_(0, token, y * weights[token, slot].unsqueeze(-1))
        return out, counts

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(10, 16),))


class SpectralFilter(nn.Module):
    """A learned global filter in the frequency domain (rfft2, a complex product on view_as_real pairs,
    irfft2), an fftshift-ed magnitude spectrum, and the ifft of polar values, over a dynamic batch."""

    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(8, 5, 2) * 0.5)

    def forward(self, x):
        spectrum = torch.view_as_real(torch.fft.rfft2(x, norm="ortho"))
        re, im = spectrum[..., 0], spectrum[..., 1]
        wr, wi = self.weight[..., 0], self.weight[..., 1]
        filtered = torch.view_as_complex(torch.stack((re * wr - im * wi, re * wi + im * wr), -1))
        y = torch.fft.irfft2(filtered, s=x.shape[-2:], norm="ortho")
        magnitude = torch.fft.fftshift(torch.fft.fft2(x).abs(), dim=(-2, -1))
        waves = torch.fft.ifft(torch.polar(torch.ones_like(x), x), dim=-1)
        return y + x, magnitude, torch.view_as_real(waves)

    @classmethod
    def program(cls):
        batch = Dim("batch", min=1, max=8)
        return Program(cls(), (torch.randn(2, 3, 8, 8),), ({0: batch},), [(torch.randn(5, 3, 8, 8),)])


class DetectionOps(nn.Module):
    """torchvision's detection ops on a convolutional feature map: box proposals filtered by nms, and
    roi_align (aligned and not, adaptive and fixed sampling) and roi_pool over the proposals."""

    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, stride=2, padding=1))

    def forward(self, image, boxes, scores):
        import torchvision
        features = self.backbone(image)
        kept = torchvision.ops.nms(boxes, scores, 0.5)
        rois = torch.cat([torch.zeros(boxes.shape[0], 1), boxes], 1)
        return (kept,
                torchvision.ops.roi_align(features, rois, (4, 4), spatial_scale=0.5, sampling_ratio=-1, aligned=True),
                torchvision.ops.roi_align(features, rois, (3, 5), spatial_scale=0.5, sampling_ratio=2, aligned=False),
                torchvision.ops.roi_pool(features, rois, (3, 3), spatial_scale=0.5))

    @classmethod
    def program(cls):
        g = torch.Generator().manual_seed(0)
        corners = torch.rand(12, 2, generator=g) * 24
        boxes = torch.cat([corners, corners + torch.rand(12, 2, generator=g) * 8 + 1], 1)
        return Program(cls(), (torch.randn(1, 3, 32, 32), boxes, torch.rand(12, generator=g)))


class GaussianProcessHead(nn.Module):
    """A Gaussian-process regression head: an RBF kernel over learned inducing points (cdist), its
    Cholesky factor, triangular and linear solves for the posterior mean and variance, and the log
    marginal likelihood from logdet and slogdet; also det, inv, qr, matrix_norm and a cross product."""

    def __init__(self, points: int = 6, dim: int = 3):
        super().__init__()
        g = torch.Generator().manual_seed(0)
        self.inducing = nn.Parameter(torch.randn(points, dim, generator=g))
        self.targets = nn.Parameter(torch.randn(points, 1, generator=g))

    def forward(self, x):
        k = torch.exp(-0.5 * torch.cdist(self.inducing, self.inducing) ** 2) + 0.1 * torch.eye(self.inducing.shape[0])
        k_star = torch.exp(-0.5 * torch.cdist(x, self.inducing) ** 2)
        chol = torch.linalg.cholesky(k)
        alpha = torch.cholesky_solve(self.targets, chol)
        mean = k_star @ alpha
        v = torch.linalg.solve_triangular(chol, k_star.T, upper=False)
        variance = 1.0 - (v * v).sum(0)
        sign, logabsdet = torch.linalg.slogdet(k)
        log_likelihood = -0.5 * (self.targets.T @ alpha).squeeze() - 0.5 * torch.logdet(k)
        q, r = torch.linalg.qr(k)
        return (mean, variance, log_likelihood, sign * logabsdet, torch.linalg.det(k), torch.linalg.inv(k),
                torch.linalg.solve(k, k_star.T), q, r, torch.linalg.matrix_norm(k, ord=1),
                torch.linalg.cross(x, x.flip(0)))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 3),))


class LossHead(nn.Module):
    """The training losses of a classifier, a regressor and an embedding model computed in one module:
    cross entropy (class weights, ignore_index, label smoothing), nll, bce with logits (pos_weight),
    smooth L1, huber, KL divergence, margin ranking, triplet margin, cosine embedding, multi-margin and
    multilabel-margin losses, with each reduction."""

    def forward(self, logits, labels, preds, targets, anchor, positive, negative, signs, multilabels):
        weights = torch.linspace(0.5, 1.5, logits.shape[1])
        return (F.cross_entropy(logits, labels, weight=weights, ignore_index=2),
                F.cross_entropy(logits, labels, weight=weights, ignore_index=2, label_smoothing=0.1),
                F.cross_entropy(logits, labels, label_smoothing=0.2, reduction="none"),
                F.cross_entropy(logits, labels, ignore_index=1, label_smoothing=0.05, reduction="sum"),
                F.cross_entropy(logits, labels, reduction="none"),
                F.nll_loss(F.log_softmax(logits, 1), labels, reduction="sum"),
                F.binary_cross_entropy_with_logits(preds, targets.sigmoid(), pos_weight=torch.full((3,), 2.0)),
                F.smooth_l1_loss(preds, targets, beta=0.5), F.huber_loss(preds, targets, reduction="sum"),
                F.kl_div(F.log_softmax(preds, 1), F.softmax(targets, 1), reduction="batchmean"),
                F.margin_ranking_loss(preds[:, 0], targets[:, 0], signs, margin=0.1),
                F.triplet_margin_loss(anchor, positive, negative, swap=True),
                F.cosine_embedding_loss(anchor, positive, signs, margin=0.2, reduction="none"),
                F.multi_margin_loss(logits, labels, margin=0.5),
                F.multilabel_margin_loss(logits, multilabels, reduction="none"))

    @classmethod
    def program(cls):
        g = torch.Generator().manual_seed(0)
        return Program(cls(), (torch.randn(6, 5, generator=g), torch.tensor([0, 1, 2, 3, 4, 1]),
                               torch.randn(6, 3, generator=g), torch.randn(6, 3, generator=g),
                               torch.randn(6, 8, generator=g), torch.randn(6, 8, generator=g),
                               torch.randn(6, 8, generator=g), torch.tensor([1.0, -1.0, 1.0, 1.0, -1.0, -1.0]),
                               torch.tensor([[3, 0, -1, 1, 2]] * 6)))


class DistributionHead(nn.Module):
    """A probabilistic output head: log densities of Gamma, Beta, Student-t and Poisson distributions
    as torch.distributions writes them (lgamma, xlogy, xlog1py, a digamma-based entropy), a normal CDF and its inverse (ndtr, ndtri, erfinv, log_ndtr),
    the von Mises normalizer (i0e), polygamma and the Hurwitz zeta function."""

    def forward(self, x, rate):
        shape = F.softplus(x) + 0.5
        value = torch.sigmoid(x) * 0.98 + 0.01
        counts = torch.round(rate.abs() * 3)
        concentration = rate.abs() + 0.5
        y = value + 1
        gamma_lp = (torch.xlogy(shape, concentration) + torch.xlogy(shape - 1, y) - concentration * y
                    - torch.lgamma(shape))
        beta_lp = (torch.xlogy(shape - 1, value) + torch.special.xlog1py(shape, -value)
                   - (torch.lgamma(shape) + torch.lgamma(shape + 1) - torch.lgamma(2 * shape + 1)))
        df = shape + 2
        student_lp = (torch.lgamma((df + 1) / 2) - torch.lgamma(df / 2) - 0.5 * torch.log(df * torch.pi)
                      - (df + 1) / 2 * torch.log1p(x * x / df))
        poisson_lp = torch.xlogy(counts, shape) - shape - torch.lgamma(counts + 1)
        entropy = shape + torch.lgamma(shape) + (1 - shape) * torch.digamma(shape)
        return (gamma_lp, beta_lp, student_lp, poisson_lp, entropy, torch.special.ndtr(x),
                torch.special.ndtri(value), torch.erfinv(2 * value - 1), torch.special.log_ndtr(x),
                torch.special.i0e(x), torch.polygamma(1, shape), torch.special.zeta(shape + 1.5, value + 1),
                torch.digamma(shape), torch.special.erfcx(x), torch.special.xlog1py(value, x))

    @classmethod
    def program(cls):
        batch = Dim("batch", min=1, max=64)
        return Program(cls(), (torch.randn(5, 4), torch.randn(5, 4)), ({0: batch}, {0: batch}),
                       [(torch.randn(9, 4), torch.randn(9, 4))])


class Interpolation(nn.Module):
    """F.interpolate: nearest, nearest-exact, bilinear (both corner modes), bicubic, by size and scale."""

    def forward(self, x):
        return (F.interpolate(x, scale_factor=2, mode="nearest"),
                F.interpolate(x, size=(7, 13), mode="nearest-exact"),
                F.interpolate(x, size=(20, 15), mode="bilinear", align_corners=False),
                F.interpolate(x, scale_factor=1.5, mode="bilinear", align_corners=True),
                F.interpolate(x, size=(16, 24), mode="bicubic", align_corners=False),
                F.adaptive_avg_pool2d(x, (3, 5)))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(1, 3, 10, 12),))


class GridSampling(nn.Module):
    """F.grid_sample on a 4-D image: every interpolation mode (bilinear, nearest, bicubic) by every
    padding mode (zeros, border, reflection), with and without align_corners, over a grid that
    reaches past the borders."""

    def forward(self, x, grid):
        return tuple(F.grid_sample(x, grid, mode=mode, padding_mode=padding, align_corners=corners)
                     for mode in ("bilinear", "nearest", "bicubic")
                     for padding in ("zeros", "border", "reflection")
                     for corners in (False, True))

    @classmethod
    def program(cls):
        g = torch.Generator().manual_seed(0)
        return Program(cls(), (torch.randn(2, 3, 8, 10, generator=g), torch.rand(2, 5, 7, 2, generator=g) * 2.6 - 1.3))


class GridSampling3d(nn.Module):
    """F.grid_sample on a 5-D volume: trilinear and nearest by every padding mode, with and without
    align_corners."""

    def forward(self, x, grid):
        return tuple(F.grid_sample(x, grid, mode=mode, padding_mode=padding, align_corners=corners)
                     for mode in ("bilinear", "nearest")
                     for padding in ("zeros", "border", "reflection")
                     for corners in (False, True))

    @classmethod
    def program(cls):
        g = torch.Generator().manual_seed(0)
        return Program(cls(), (torch.randn(1, 2, 4, 5, 6, generator=g),
                               torch.rand(1, 3, 4, 5, 3, generator=g) * 2.6 - 1.3))


class SpatialTransformer(nn.Module):
    """A spatial transformer network: a small localization net regresses an affine transform whose
    F.affine_grid samples the input with F.grid_sample, then a classifier head; dynamic batch."""

    def __init__(self):
        super().__init__()
        self.localization = nn.Sequential(nn.Conv2d(1, 8, 5), nn.MaxPool2d(2), nn.ReLU(), nn.Conv2d(8, 10, 3),
                                          nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(), nn.Linear(10 * 5 * 5, 6))
        self.head = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                                  nn.Linear(4, 10))

    def forward(self, x):
        theta = self.localization(x).view(-1, 2, 3) * 0.1 + torch.tensor([[1.0, 0, 0], [0, 1.0, 0]])
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        warped = F.grid_sample(x, grid, align_corners=False)
        return warped, self.head(warped)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 1, 28, 28),), ({0: Dim("batch", min=1, max=16)},),
                       [(torch.randn(5, 1, 28, 28),)])


class PatchFold(nn.Module):
    """nn.Unfold and nn.Fold: a patch embedding (non-overlapping patches, a linear projection) and its
    un-embedding back to an image, and an overlapping unfold/fold with kernel, dilation, padding and
    stride all unequal per axis."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(3 * 4 * 4, 16)
        self.unembed = nn.Linear(16, 3 * 4 * 4)
        self.unfold = nn.Unfold(kernel_size=(3, 2), dilation=(2, 1), padding=(1, 2), stride=(2, 3))
        self.fold = nn.Fold(output_size=(12, 16), kernel_size=(3, 2), dilation=(2, 1), padding=(1, 2), stride=(2, 3))

    def forward(self, x):
        patches = F.unfold(x, 4, stride=4).transpose(1, 2)
        tokens = self.embed(patches)
        image = F.fold(self.unembed(tokens).transpose(1, 2), (12, 16), 4, stride=4)
        columns = self.unfold(x)
        return tokens, image, columns, self.fold(columns)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 3, 12, 16),))


class ShuffleBlock(nn.Module):
    """A ShuffleNet-style block: grouped 1x1 convolutions around a channel shuffle (nn.ChannelShuffle
    and ShuffleNetV2's view/transpose form), then pixel_unshuffle down and pixel_shuffle up, also
    on an unbatched and a 5-D tensor."""

    def __init__(self):
        super().__init__()
        self.reduce = nn.Conv2d(8, 8, 1, groups=4)
        self.shuffle = nn.ChannelShuffle(4)
        self.depthwise = nn.Conv2d(8, 8, 3, padding=1, groups=8)
        self.expand = nn.Conv2d(32, 32, 1, groups=2)

    def forward(self, x):
        y = self.shuffle(torch.relu(self.reduce(x)))
        b, c, h, w = y.shape
        y = self.depthwise(y).view(b, 2, c // 2, h, w).transpose(1, 2).reshape(b, c, h, w)
        down = F.pixel_unshuffle(y, 2)
        up = F.pixel_shuffle(self.expand(down), 2)
        return y, down, up + x, F.pixel_shuffle(down[0], 2), F.pixel_unshuffle(y.view(2, 2, 4, 6, 10), 2)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 8, 6, 10),))


class FractionalPooling(nn.Module):
    """F.fractional_max_pool2d and 3d given their random samples as an input (deterministic then): by
    output size and by output ratio, values and indices, between convolutions."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.head = nn.Conv2d(4, 2, 1)

    def forward(self, x, samples, volume, volume_samples):
        y = torch.relu(self.conv(x))
        pooled, indices = F.fractional_max_pool2d(y, (3, 2), output_size=(7, 9), return_indices=True,
                                                  _random_samples=samples)
        halved = F.fractional_max_pool2d(y, 2, output_ratio=(0.5, 0.5), _random_samples=samples)
        cubes, cube_indices = F.fractional_max_pool3d(volume, (2, 3, 2), output_size=(4, 5, 6), return_indices=True,
                                                      _random_samples=volume_samples)
        return self.head(pooled), indices, halved, cubes, cube_indices

    @classmethod
    def program(cls):
        g = torch.Generator().manual_seed(0)
        return Program(cls(), (torch.randn(2, 3, 13, 16, generator=g), torch.rand(2, 4, 2, generator=g),
                               torch.randn(2, 3, 7, 9, 8, generator=g), torch.rand(2, 3, 3, generator=g)))


class Upsampling(nn.Module):
    """Upsampling by size and by scale factor: nearest and trilinear (both corner modes) on volumes,
    bicubic with aligned corners, non-integer scales, and antialiased bilinear and bicubic downsampling."""

    def forward(self, image, volume):
        return (F.interpolate(volume, scale_factor=(2, 1.5, 3), mode="nearest"),
                F.interpolate(volume, size=(5, 7, 9), mode="trilinear", align_corners=False),
                F.interpolate(volume, scale_factor=1.7, mode="trilinear", align_corners=True),
                F.interpolate(volume, scale_factor=2.5, mode="trilinear"),
                F.interpolate(image, scale_factor=1.7, mode="bicubic", align_corners=True),
                F.interpolate(image, scale_factor=(0.6, 2.2), mode="bilinear"),
                F.interpolate(image, scale_factor=1.3, mode="nearest-exact"),
                F.interpolate(image, size=(5, 7), mode="bilinear", antialias=True),
                F.interpolate(image, size=(4, 9), mode="bicubic", antialias=True, align_corners=True),
                nn.Upsample(scale_factor=2, mode="bilinear")(image),
                nn.UpsamplingNearest2d(scale_factor=3)(image))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(1, 3, 10, 12), torch.randn(1, 2, 3, 4, 5)))


class Vmapped(nn.Module):
    """Functions under torch.vmap: a per-sample linear layer with per-sample weights, a batched
    matmul, in_dims other than 0 and None, nested vmap, and a per-row function with reductions and
    indexing."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(6, 4)

    def forward(self, x, w, m):
        per_sample = torch.vmap(lambda xi, wi: wi @ xi + 1)(x, w)
        shared = torch.vmap(self.linear)(x)
        # out_dims other than 0 does not export (torch.export finds a fake tensor among the constants).
        moved = torch.vmap(lambda mi, v: mi @ v, in_dims=(2, None))(m, x[0])
        nested = torch.vmap(torch.vmap(lambda a, b: (a * b).sum()))(m, m)

        def row(r):
            top = r.argmax()
            return r[top] - r.mean() + r[1:3].sum() + torch.softmax(r, 0)[0]

        rows = torch.vmap(row)(x)
        return per_sample, shared, moved, nested, rows

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(3, 6), torch.randn(3, 5, 6), torch.randn(4, 6, 5)))

    @classmethod
    def program_decomposed(cls):
        return dataclasses.replace(cls.program(), decompose=True)


class PseudoInverse(nn.Module):
    def forward(self, a):
        return torch.linalg.pinv(a)


class Factorization(nn.Module):
    def forward(self, a):
        u, s, vh = torch.linalg.svd(a)
        w, v = torch.linalg.eigh(a @ a.mT)
        return u @ vh + v * w.unsqueeze(-2) + s.sum()


class RefusedOps(nn.Module):
    """Ops pt2onnx refuses for a stated reason (singular vectors, eigenvectors, a pseudo-inverse's
    cutoff), called in nested submodules: the failing program whose `pt2onnx --report` the e2e test
    tests/e2e/check_report.py reads for every refused op, with its module path and source line."""

    def __init__(self):
        super().__init__()
        self.solver = PseudoInverse()
        self.blocks = nn.ModuleList([Factorization(), Factorization()])

    def forward(self, a):
        x = self.solver(a)
        for block in self.blocks:
            x = block(x)
        return x

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 4, 4),))


class Attention(nn.Module):
    """F.scaled_dot_product_attention (causal, and with a boolean mask) and nn.MultiheadAttention
    with a key padding mask, over a dynamic sequence; and masks, boolean and additive, that hide
    whole rows (the padded queries), which attend to nothing: torch gives 0 there."""

    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(32, 4, batch_first=True)

    def forward(self, q, k, v, x, padding):
        causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        masked = F.scaled_dot_product_attention(q, k, v, attn_mask=~padding[:, None, None, :])
        attended, weights = self.mha(x, x, x, key_padding_mask=padding)
        real = ~padding
        pairs = real[:, None, :, None] & real[:, None, None, :]
        hidden_rows = F.scaled_dot_product_attention(q, k, v, attn_mask=pairs)
        additive = torch.zeros(pairs.shape, dtype=q.dtype).masked_fill(~pairs, float("-inf"))
        hidden_rows_additive = F.scaled_dot_product_attention(q, k, v, attn_mask=additive)
        return causal, masked, attended, weights, hidden_rows, hidden_rows_additive

    @classmethod
    def inputs(cls, seq):
        padding = torch.zeros(2, seq, dtype=torch.bool)
        padding[1, -3:] = True
        return (torch.randn(2, 4, seq, 8), torch.randn(2, 4, seq, 8), torch.randn(2, 4, seq, 8),
                torch.randn(2, seq, 32), padding)

    @classmethod
    def program(cls):
        seq = Dim("seq", min=4, max=256)
        qkv = {2: seq}
        return Program(cls(), cls.inputs(12), (qkv, qkv, qkv, {1: seq}, {1: seq}), [cls.inputs(7)])


class Reductions(nn.Module):
    """sum, mean, amax, amin, var, std, prod, logsumexp, norm, argmax, argmin, max with indices."""

    def forward(self, x):
        values, indices = x.max(1)
        return (x.sum((1, 2), keepdim=True), x.mean(-1), x.amax(0), x.amin((0, 2)), x.var(1), x.std(2, correction=0),
                x.prod(2), x.logsumexp(1), torch.linalg.vector_norm(x, dim=-1), x.argmax(2), x.argmin(1, keepdim=True),
                values, indices, x.sum())

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(3, 5, 6),))


class SortScan(nn.Module):
    """sort (both orders), topk, cumsum, cumprod and cummax."""

    def forward(self, x):
        ascending, order = x.sort(-1)
        descending, _ = x.sort(0, descending=True)
        top, top_index = x.topk(3, dim=-1)
        return ascending, order, descending, top, top_index, x.cumsum(1), x.cumprod(-1), x.cummax(0)[0]

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(4, 9),))


class ConvPool(nn.Module):
    """Convolutions (1-d, grouped, dilated, transposed) and pooling (max, average, adaptive)."""

    def __init__(self):
        super().__init__()
        self.conv1d = nn.Conv1d(4, 8, 5, padding=2)
        self.grouped = nn.Conv2d(4, 8, 3, groups=2, dilation=2, padding=2)
        self.transposed = nn.ConvTranspose2d(8, 4, 4, stride=2, padding=1, output_padding=0)
        self.depthwise = nn.Conv2d(4, 4, 3, groups=4, stride=2)

    def forward(self, signal, image):
        y = self.grouped(image)
        return (self.conv1d(signal), F.max_pool1d(signal, 2), self.transposed(y), self.depthwise(image),
                F.max_pool2d(y, 3, stride=2, padding=1), F.avg_pool2d(image, 2, ceil_mode=True),
                F.adaptive_max_pool2d(y, 4))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 4, 20), torch.randn(1, 4, 15, 15)))


class Normalization(nn.Module):
    """layer_norm, group_norm, instance_norm, rms_norm and local response normalisation."""

    def __init__(self):
        super().__init__()
        self.layer = nn.LayerNorm(12)
        self.group = nn.GroupNorm(2, 6)
        self.instance = nn.InstanceNorm2d(6, affine=True)
        self.rms = nn.RMSNorm(12)

    def forward(self, x):
        return (self.layer(x), self.group(x), self.instance(x), self.rms(x), F.local_response_norm(x, 3),
                F.normalize(x, dim=1))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 6, 5, 12),))


class Elementwise(nn.Module):
    """Unary and binary math with broadcasting, and the common activations."""

    def forward(self, x, y):
        p = x.abs() + 0.1
        return (x.exp(), p.log(), p.sqrt(), p.rsqrt(), x.erf(), x.tanh(), x.sigmoid(), x.sin(), x.cos(),
                x.floor(), x.ceil(), x.round(), x.sign(), x.clamp(-0.5, 0.5), p.pow(1.5), x.pow(2), x + y, x * y,
                x / (y.abs() + 1), torch.maximum(x, y), torch.minimum(x, y), torch.atan2(x, y), x.reciprocal(),
                F.relu(x), F.gelu(x), F.gelu(x, approximate="tanh"), F.silu(x), F.softplus(x), F.elu(x),
                F.leaky_relu(x, 0.1), F.hardswish(x), F.hardsigmoid(x), F.mish(x), F.log_softmax(x, -1),
                x.isnan(), torch.isfinite(x / y))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(3, 8), torch.randn(8)))


class ShapeOps(nn.Module):
    """cat, stack, split, chunk, permute, transpose, expand, repeat, flip, roll, pad, narrow, unbind."""

    def forward(self, x):
        a, b = x.split([2, 4], dim=1)
        first, *_ = x.chunk(3, dim=2)
        return (torch.cat([a, b], 1), torch.stack([x, x * 2], 0), first, x.permute(2, 0, 1).contiguous(),
                x.transpose(0, 1), x[:, :1].expand(-1, 5, -1), x.repeat(1, 2, 1), x.flip(-1), x.roll(2, dims=1),
                F.pad(x, (1, 2, 0, 1)), F.pad(x, (2, 2), mode="reflect"), x.narrow(1, 1, 3), x.unbind(0)[1],
                x.reshape(x.shape[0], -1), x.unsqueeze(1).squeeze(1), x.tril(), x.mT)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(2, 6, 9),))


class WrongPrograms(nn.Module):
    """Arguments that once converted to wrong or unrunnable models: negative replicate and circular pads, 0-d nonzero, repeat and tile, adaptive pooling of an empty batch."""

    def forward(self, x, s, empty):
        return (F.pad(x, (-4, 5, 0, 0), mode="replicate"), F.pad(x, (5, -4, -4, 3), mode="replicate"),
                torch.ops.aten.replication_pad2d(x, [2, -1, -2, 1]), F.pad(x, (-1, 2, 1, -2), mode="circular"),
                F.pad(empty, (1, 1, 0, 2, 1, 0), mode="circular"), torch.nonzero(s), torch.nonzero(s * 0),
                s.repeat([]), torch.tile(s, ()), s.repeat(2, 3), F.adaptive_avg_pool3d(empty, (5, 7, 4)),
                F.adaptive_avg_pool3d(x, (2, 3, 3)))

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(5, 3, 4, 4), torch.tensor(1.5), torch.randn(0, 2, 8, 8, 8)))


class Contractions(nn.Module):
    """matmul with broadcasting, bmm, einsum, linear without bias, outer product, baddbmm."""

    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(8, 6))

    def forward(self, a, b, c):
        return (a @ b, torch.bmm(a, b), torch.einsum("bij,bjk->bik", a, b), torch.einsum("bij->bj", a),
                F.linear(c, self.weight), torch.outer(c[0], c[1]), torch.baddbmm(a @ b, a, b, beta=0.5),
                c @ self.weight.t(), c[0] @ self.weight.t())

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(3, 5, 5), torch.randn(3, 5, 5), torch.randn(4, 6)))


# The library of the custom-op cases, registered once per process (a Library deregisters its ops when
# it is collected, so it is kept here).
CUSTOM_LIBRARIES: list = []


def custom_ops_library():
    """The ops of the pt2onnx_e2e namespace, as users define their own: fast_gelu and quick_gelu with
    torch.library.custom_op, scaled_tanh with Library.define and impl. Their kernels are the reference
    the converted models are checked against."""
    if CUSTOM_LIBRARIES:
        return torch.ops.pt2onnx_e2e

    @torch.library.custom_op("pt2onnx_e2e::fast_gelu", mutates_args=())
    def fast_gelu(x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.gelu(x + bias, approximate="tanh")

    @torch.library.custom_op("pt2onnx_e2e::quick_gelu", mutates_args=())
    def quick_gelu(x: torch.Tensor, alpha: float = 1.702) -> torch.Tensor:
        return x * torch.sigmoid(alpha * x)

    fast_gelu.register_fake(lambda x, bias: torch.empty_like(x))
    quick_gelu.register_fake(lambda x, alpha=1.702: torch.empty_like(x))
    library = torch.library.Library("pt2onnx_e2e", "FRAGMENT")
    library.define("scaled_tanh(Tensor x, float a=0.5, int n=2) -> Tensor")
    library.impl("scaled_tanh", lambda x, a=0.5, n=2: torch.tanh(x * a) * n, "CompositeExplicitAutograd")
    torch.library.register_fake("pt2onnx_e2e::scaled_tanh", lambda x, a=0.5, n=2: torch.empty_like(x), lib=library)
    CUSTOM_LIBRARIES.extend([library, fast_gelu, quick_gelu])
    return torch.ops.pt2onnx_e2e


class CustomGelus(nn.Module):
    """Custom ops (torch.library.custom_op) that the --custom-ops table maps to ONNX Runtime's com.microsoft FastGelu and QuickGelu, one call leaving alpha at its default, and aten.gelu the table maps to com.microsoft Gelu in place of its built-in lowering."""

    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(16))

    def forward(self, x):
        ops = custom_ops_library()
        h = ops.fast_gelu(x, self.bias)
        return ops.quick_gelu(h), ops.quick_gelu(h, 1.25), F.gelu(x)

    @classmethod
    def program(cls):
        batch = Dim("batch", min=1, max=16)
        return Program(cls(), (torch.randn(4, 16),), ({0: batch},), [(torch.randn(7, 16),)])


class CustomScaledTanh(nn.Module):
    """A custom op defined with torch.library (define and impl), called with a default left out, with a keyword argument, and on a transposed input with the first call's constants."""

    def forward(self, x):
        ops = custom_ops_library()
        return ops.scaled_tanh(x, 0.25) + ops.scaled_tanh(x, n=3), ops.scaled_tanh(x.t(), 0.25, 2)

    @classmethod
    def program(cls):
        return Program(cls(), (torch.randn(3, 5),))


# ---------------------------------------------------------------------------------------------------
# The catalog
# ---------------------------------------------------------------------------------------------------

def vision(name: str, arch: str, size: int = 224, dynamic: str = "", **options) -> Case:
    desc = f"torchvision {arch}, 1x3x{size}x{size}" + (f", dynamic {dynamic}" if dynamic else "")
    desc += "".join(f", {k}={v}" for k, v in options.items())
    params = {"arch": arch, "size": size, "dynamic": dynamic, "options": options}
    return Case(name, "vision", torchvision_classifier, params, desc, tolerances=DEEP_NET_TOLERANCES)


def focused(name: str, build: Callable[[], Program], torch_series: str | None = None, description: str = "",
            tolerances: dict | None = None) -> Case:
    """A focused program; described by the first sentence of its class's docstring unless told."""
    summary = " ".join(build.__self__.__doc__.split()).split(". ")[0].rstrip(".")
    return Case(name, "focused", build, {}, description or summary, torch=torch_series, tolerances=tolerances or {})


CASES: list[Case] = [
    vision("resnet18", "resnet18", dynamic="batch"),
    vision("resnet50", "resnet50"),
    vision("mobilenet_v2", "mobilenet_v2", size=128, dynamic="spatial"),
    vision("mobilenet_v3_small", "mobilenet_v3_small"),
    vision("efficientnet_b0", "efficientnet_b0"),
    vision("regnet_x_400mf", "regnet_x_400mf", size=128),
    vision("convnext_tiny", "convnext_tiny"),
    vision("vit_b_16", "vit_b_16"),
    vision("swin_t", "swin_t"),
    vision("maxvit_t", "maxvit_t"),
    vision("densenet121", "densenet121"),
    vision("inception_v3", "inception_v3", size=299, aux_logits=False),
    vision("googlenet", "googlenet", size=128, aux_logits=False),
    vision("shufflenet_v2_x0_5", "shufflenet_v2_x0_5", size=96),
    vision("squeezenet1_0", "squeezenet1_0", size=128),
    vision("mnasnet0_5", "mnasnet0_5", size=96),
    vision("alexnet", "alexnet"),
    Case("deeplabv3_mobilenet_v3_large", "segmentation", torchvision_segmentation,
         {"arch": "deeplabv3_mobilenet_v3_large"}, "torchvision DeepLabV3 head on MobileNetV3-Large, 1x3x224x224",
         tolerances=DEEP_NET_TOLERANCES),
    Case("lraspp_mobilenet_v3_large", "segmentation", torchvision_segmentation,
         {"arch": "lraspp_mobilenet_v3_large", "size": 160}, "torchvision LR-ASPP on MobileNetV3-Large, 1x3x160x160",
         tolerances=DEEP_NET_TOLERANCES),
    Case("ssdlite320_mobilenet_v3_large", "detection", torchvision_detection,
         {"arch": "ssdlite320_mobilenet_v3_large"}, "torchvision SSDlite detector, one 3x320x320 image",
         skip="torch.export fails: the per-class score filtering and non-maximum suppression give data-dependent "
              "sizes the exporter cannot guard on (GuardOnDataDependentSymNode: 4*Min(300, u0) + ...)"),
    Case("fasterrcnn_mobilenet_v3_large_320_fpn", "detection", torchvision_detection,
         {"arch": "fasterrcnn_mobilenet_v3_large_320_fpn"}, "torchvision Faster R-CNN, one 3x320x320 image",
         skip="torch.export fails: the region-proposal filtering gives data-dependent box counts the exporter "
              "cannot guard on (GuardOnDataDependentSymNode: Eq(4*u1, 0))"),
    Case("raft_small", "vision", torchvision_optical_flow, {"arch": "raft_small"},
         "torchvision RAFT (small) optical flow, two 1x3x128x128 frames", tolerances=DEEP_NET_TOLERANCES),

    Case("bert", "transformers", hf_encoder, {"kind": "bert"},
         "transformers BertModel, 2 layers, hidden 128, dynamic batch and sequence"),
    Case("llama", "transformers", hf_encoder, {"kind": "llama"},
         "transformers LlamaModel, 2 layers, hidden 128, 4 heads / 2 key-value heads, dynamic batch and sequence"),
    Case("qwen2", "transformers", hf_encoder, {"kind": "qwen2"},
         "transformers Qwen2Model, 2 layers, hidden 128, 4 heads / 2 key-value heads, q/k/v biases, dynamic "
         "batch and sequence"),
    Case("t5_encoder", "transformers", hf_encoder, {"kind": "t5"},
         "transformers T5EncoderModel, 2 layers, d_model 128, dynamic batch and sequence"),
    Case("gpt2", "transformers", hf_encoder, {"kind": "gpt2"},
         "transformers GPT2Model, 2 layers, hidden 128, dynamic batch and sequence"),
    Case("llama_dynamic_cache", "transformers", hf_dynamic_cache_decode, {},
         "transformers LlamaModel step with past keys and values as inputs and the updated ones as outputs, "
         "2 layers, hidden 128, 4 heads / 2 key-value heads, dynamic batch, new tokens and past length"),
    Case("llama_decode_cache", "transformers", hf_dynamic_cache_decode, {"decode_only": True},
         "llama_dynamic_cache with one new token: a decode step, dynamic batch and past length"),
    Case("llama_static_cache", "transformers", hf_static_cache_decode, {},
         "transformers LlamaForCausalLM decode step with a static KV cache (index_copy_ into cache buffers)"),
    Case("vit_hf", "transformers", hf_vision_speech, {"kind": "vit"},
         "transformers ViTModel, 2 layers, hidden 128, 1x3x64x64"),
    Case("wav2vec2_hf", "transformers", hf_vision_speech, {"kind": "wav2vec2"},
         "transformers Wav2Vec2Model, 2 layers, hidden 128, dynamic number of samples"),
    Case("whisper_encoder", "transformers", hf_vision_speech, {"kind": "whisper"},
         "transformers Whisper encoder, 2 layers, d_model 128, 80 mel bins x 200 frames"),

    Case("wav2vec2_audio", "audio", torchaudio_model, {"kind": "wav2vec2"},
         "torchaudio wav2vec2_model, 2 layers, dim 128, dynamic number of samples"),
    Case("conformer", "audio", torchaudio_model, {"kind": "conformer"},
         "torchaudio Conformer, 2 layers, 80 features, with lengths",
         skip="torch.export fails: the padding mask is sized by lengths.max().item(), a data-dependent value "
              "the exporter cannot specialise (GuardOnDataDependentSymNode)"),
    Case("conv_tasnet", "audio", torchaudio_model, {"kind": "conv_tasnet"},
         "torchaudio ConvTasNet, small mask network, 4000 samples"),
    Case("melspectrogram", "audio", torchaudio_model, {"kind": "melspectrogram"},
         "torchaudio MelSpectrogram (STFT), dynamic number of samples"),

    focused("symbolic_reshape", SymbolicReshape.program),
    focused("masked_embedding", MaskedEmbedding.program),
    focused("data_dependent_shape", DataDependentShape.program),
    focused("cond", Cond.program),
    focused("while_loop", WhileLoop.program),
    focused("map", MapRows.program),
    focused("scan", Scan.program),
    focused("buffer_mutation", BufferMutation.program),
    focused("input_mutation", InputMutation.program),
    focused("train_batchnorm", TrainBatchNorm.program),
    dataclasses.replace(focused("train_dropout", TrainDropout.program), compare="shapes",
                        compare_reason="training-mode dropout draws its mask at random: only shapes and dtypes "
                                       "are compared"),
    focused("integer_bool", IntegerAndBool.program),
    # Their float32 outputs are computed from half-precision values: they inherit its tolerance.
    focused("float16", HalfPrecision.program, tolerances={"float32": DEFAULT_TOLERANCES["float16"]}),
    focused("bfloat16", BFloat16.program, tolerances={"float32": DEFAULT_TOLERANCES["bfloat16"]}),
    focused("float16_norms_rotary", HalfPrecisionNorms.program),
    focused("indexing", Indexing.program),
    focused("static_kv_cache", StaticKVCache.program),
    focused("lstm", Recurrent.program_lstm, description="nn.LSTM, two layers, bidirectional, dynamic batch"),
    focused("lstm_projected", Recurrent.program_lstm_projected,
            description="nn.LSTM with proj_size, two layers, bidirectional, initial states, dynamic batch"),
    focused("gru", Recurrent.program_gru, description="nn.GRU with an initial state, dynamic batch"),
    # ONNX Runtime runs the Q/DQ pairs as quantized kernels (QLinearConv): a requantized activation
    # may land one step (0.02) from torch's float result, which the mean and the linear layer spread
    # as differences of about 1e-4 (exact, 1e-7, with ONNX Runtime's optimizations off).
    focused("moe_routing", MoERouting.program),
    focused("detection_ops", DetectionOps.program),
    focused("spectral_filter", SpectralFilter.program),
    focused("gaussian_process", GaussianProcessHead.program),
    focused("losses", LossHead.program),
    focused("distributions", DistributionHead.program),
    focused("quantized", Quantized.program, tolerances={"float32": {"rtol": 1e-3, "atol": 1e-3}}),
    focused("fake_quantized", FakeQuantized.program),
    focused("interpolate", Interpolation.program),
    focused("grid_sample", GridSampling.program),
    focused("grid_sample_3d", GridSampling3d.program),
    focused("spatial_transformer", SpatialTransformer.program),
    focused("patch_fold", PatchFold.program),
    focused("shuffle_block", ShuffleBlock.program),
    focused("upsampling", Upsampling.program),
    focused("fractional_max_pool", FractionalPooling.program),
    focused("vmap", Vmapped.program),
    focused("vmap_decomposed", Vmapped.program_decomposed,
            description="The vmap case saved after run_decompositions, which applies torch.vmap"),
    focused("refused_ops", RefusedOps.program),
    focused("attention", Attention.program),
    focused("reductions", Reductions.program),
    focused("sort_topk_cumsum", SortScan.program),
    focused("conv_pool", ConvPool.program),
    focused("normalization", Normalization.program),
    focused("elementwise", Elementwise.program),
    focused("shape_ops", ShapeOps.program),
    focused("contractions", Contractions.program),
    focused("wrong_programs", WrongPrograms.program),
    dataclasses.replace(focused("custom_op_contrib", CustomGelus.program),
                        convert_args=["--custom-ops", "{e2e}/inputs/custom_gelus.json"],
                        structure={"imports": {"com.microsoft": 1},
                                   "nodes": [["com.microsoft", "FastGelu", {}],
                                             ["com.microsoft", "QuickGelu", {"alpha": 1.7020000219345093}],
                                             ["com.microsoft", "QuickGelu", {"alpha": 1.25}],
                                             ["com.microsoft", "Gelu", {}]]}),
    dataclasses.replace(focused("custom_op_domain", CustomScaledTanh.program),
                        convert_args=["--custom-ops", "{e2e}/inputs/scaled_tanh_node.json"], compare="structure",
                        compare_reason="ONNX Runtime cannot run the com.example domain: the nodes, their attributes "
                                       "and the domain's import are checked",
                        structure={"imports": {"com.example": 2},
                                   "nodes": [["com.example", "ScaledTanh", {"alpha": 0.25, "scale": 2}],
                                             ["com.example", "ScaledTanh", {"alpha": 0.5, "scale": 3}],
                                             ["com.example", "ScaledTanh", {"alpha": 0.25, "scale": 2}]]}),
    dataclasses.replace(focused("custom_op_body", CustomScaledTanh.program),
                        convert_args=["--custom-ops", "{e2e}/inputs/scaled_tanh_body.json"]),
    dataclasses.replace(focused("custom_op_function", CustomScaledTanh.program),
                        convert_args=["--custom-ops", "{e2e}/inputs/scaled_tanh_function.json"],
                        structure={"imports": {"pt2onnx_e2e": 1},
                                   "nodes": [["pt2onnx_e2e", "ScaledTanh", {}]] * 3,
                                   "functions": [["pt2onnx_e2e", "ScaledTanh"]]}),

    # The same programs saved by torch 2.6, whose archives have the earlier layout.
    focused("symbolic_reshape_torch26", SymbolicReshape.program, "2.6"),
    focused("cond_torch26", Cond.program, "2.6"),
    focused("buffer_mutation_torch26", BufferMutation.program, "2.6"),
    focused("masked_embedding_torch26", MaskedEmbedding.program, "2.6"),
    focused("train_batchnorm_torch26", TrainBatchNorm.program, "2.6"),
    focused("attention_torch26", Attention.program, "2.6"),
    focused("lstm_torch26", Recurrent.program_lstm, "2.6", "nn.LSTM, two layers, bidirectional, dynamic batch"),
]


# The com.microsoft attention op each optimized case's two layers must fuse into, at every opset (so that
# a change that stops a fusion fails here, not only in a benchmark). llama_dynamic_cache must not fuse its
# attention: ONNX Runtime's GroupQueryAttention fails on more than one new token with a past in a batch of
# more than one, and both are dynamic there. llama_static_cache must not either: nothing proves that
# cache_position follows the rows the cache holds.
ORT_ATTENTION = {"bert": "Attention", "gpt2": "MultiHeadAttention", "llama": "GroupQueryAttention",
                 "llama_decode_cache": "GroupQueryAttention", "llama_dynamic_cache": None,
                 "llama_static_cache": None, "qwen2": "GroupQueryAttention", "t5_encoder": "Attention",
                 "vit_hf": "Attention", "wav2vec2_hf": "Attention", "whisper_encoder": "Attention"}


def optimized_for_onnxruntime(case: Case) -> Case:
    """`case` converted with --optimize-for onnxruntime: the model must import ONNX Runtime's
    com.microsoft domain (every one of these programs has a residual Add and norm it fuses at every opset),
    hold the fused attention ORT_ATTENTION names for it, and match PyTorch in ONNX Runtime as the standard
    model does."""
    attention = ORT_ATTENTION[case.name]
    counts = ({f"com.microsoft:{attention}": 2} if attention else
              {f"com.microsoft:{op}": 0 for op in ("Attention", "MultiHeadAttention", "GroupQueryAttention")})
    return dataclasses.replace(case, name=case.name + "_ort", description=case.description + ", optimized for "
                               "ONNX Runtime (com.microsoft fused ops)", convert_args=["--optimize-for", "onnxruntime"],
                               structure={"imports": {"com.microsoft": 1}, "op_counts": counts})


CASES += [optimized_for_onnxruntime(case) for case in CASES if case.name in ORT_ATTENTION]


# ---------------------------------------------------------------------------------------------------
# Export
# ---------------------------------------------------------------------------------------------------

def torch_series() -> str:
    return ".".join(torch.__version__.split(".")[:2])


def dtype_name(dtype: torch.dtype) -> str:
    return str(dtype).removeprefix("torch.")


def to_numpy(t: torch.Tensor) -> np.ndarray:
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(np.uint16)
    return t.numpy()


def save_arrays(path: Path, arrays: dict[str, torch.Tensor]) -> list[dict]:
    """Writes the tensors to an .npz file and returns their descriptions for case.json."""
    np.savez(path, **{key: to_numpy(t) for key, t in arrays.items()})
    return [{"key": key, "dtype": dtype_name(t.dtype), "shape": list(t.shape)} for key, t in arrays.items()]


def clone_inputs(inputs: tuple) -> tuple:
    return torch.utils._pytree.tree_map(lambda t: t.clone() if isinstance(t, torch.Tensor) else t, inputs)


def flat_tensors(value: Any, what: str) -> list[torch.Tensor]:
    leaves = torch.utils._pytree.tree_leaves(value)
    for leaf in leaves:
        if not isinstance(leaf, torch.Tensor):
            raise TypeError(f"{what} holds a {type(leaf).__name__}, only tensors are supported by the corpus")
    return leaves


def archive_targets(path: Path) -> dict[str, int]:
    """Counts the call targets of all nodes (subgraphs included) in a .pt2 archive's program JSON.
    Works on both layouts: models/model.json (current) and serialized_exported_program.json (2.6)."""
    counts: dict[str, int] = {}

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("target"), str) and "inputs" in value and "outputs" in value:
                target = value["target"].removeprefix("torch.ops.")
                counts[target] = counts.get(target, 0) + 1
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if member.endswith("/models/model.json") or member.split("/")[-1] == "serialized_exported_program.json":
                walk(json.loads(archive.read(member)))
    return dict(sorted(counts.items()))


def run_eager(model: nn.Module, inputs: tuple, input_names: list[str]):
    """Runs a fresh copy of the model on a copy of the inputs. Returns the flat outputs and the final
    values of the buffers and inputs that the call changed, keyed by ("buffer", FQN) or ("input", name).
    Mutations are found by comparing values: the program's signature does not list them when the
    exported graph keeps in-place operators."""
    model = copy.deepcopy(model)
    inputs = clone_inputs(inputs)
    buffers_before = {name: b.clone() for name, b in model.named_buffers()}
    inputs_before = [t.clone() for t in flat_tensors(inputs, "the input")]
    with torch.no_grad():
        outputs = flat_tensors(model(*inputs), "the output")
    changed = {("buffer", name): b for name, b in model.named_buffers() if not torch.equal(b, buffers_before[name])}
    for name, before, after in zip(input_names, inputs_before, flat_tensors(inputs, "the input")):
        if not torch.equal(before, after):
            changed[("input", name)] = after
    return outputs, changed


def max_difference(a: list[torch.Tensor], b: list[torch.Tensor]) -> float:
    worst = 0.0
    for x, y in zip(a, b):
        if x.shape != y.shape:
            return float("inf")
        if x.numel():
            worst = max(worst, (x.double() - y.double()).abs().nan_to_num(0.0).max().item())
    return worst


def export_case(case: Case, folder: Path) -> dict:
    """Exports one case into `folder` (which exists and is empty) and returns its case.json record."""
    torch.manual_seed(0)
    program = case.build(**case.params)
    model = program.model.train(program.training)
    start = time.perf_counter()
    ep = torch.export.export(model, program.inputs, dynamic_shapes=program.dynamic_shapes, strict=False)
    if program.decompose:
        ep = ep.run_decompositions()
    export_seconds = time.perf_counter() - start
    torch.export.save(ep, folder / "model.pt2")

    input_names = [str(n) for n in ep.graph_signature.user_inputs]
    output_names = [str(n) for n in ep.graph_signature.user_outputs]

    sets, mutations = [], None
    for k, inputs in enumerate([program.inputs, *program.more_inputs]):
        outputs, changed = run_eager(model, inputs, input_names)
        # The first input set decides which state counts as mutated; later sets report the same.
        if mutations is None:
            mutations = [{"kind": kind, "target": target} for kind, target in changed]
        mutated = [changed.get((m["kind"], m["target"])) for m in mutations]
        if any(t is None for t in mutated):
            raise RuntimeError(f"input set {k} does not mutate the same state as input set 0")
        if len(outputs) != len(output_names):
            raise RuntimeError(f"eager model returned {len(outputs)} tensors, the program {len(output_names)}")
        # The exported program must accept this input set and agree with eager mode.
        with torch.no_grad():
            ep_outputs = flat_tensors(ep.module()(*clone_inputs(inputs)), "the output")
        ep_difference = max_difference(outputs, ep_outputs)
        if case.compare == "values" and not ep_difference < 1e-3:
            raise RuntimeError(f"input set {k}: the exported program differs from eager mode by {ep_difference}")
        flat_inputs = flat_tensors(inputs, "the input")
        sets.append({
            "inputs": f"inputs_{k}.npz",
            "expected": f"expected_{k}.npz",
            "input_arrays": save_arrays(folder / f"inputs_{k}.npz",
                                        {f"input_{i}": t for i, t in enumerate(flat_inputs)}),
            "expected_arrays": save_arrays(
                folder / f"expected_{k}.npz",
                {f"output_{i}": t for i, t in enumerate(outputs)} | {f"mutation_{j}": t for j, t in enumerate(mutated)}),
            "exported_vs_eager": ep_difference,
        })

    placeholders = {n.name: n for n in ep.graph.nodes if n.op == "placeholder"}
    symbolic_shapes = [[str(d) for d in placeholders[name].meta["val"].shape] for name in input_names]
    return {
        "dynamic": program.dynamic_shapes is not None,
        "input_names": input_names,
        "input_shapes": symbolic_shapes,
        "range_constraints": {str(k): str(v) for k, v in ep.range_constraints.items()},
        "output_names": output_names,
        "mutations": mutations,
        "sets": sets,
        "targets": archive_targets(folder / "model.pt2"),
        "export_seconds": round(export_seconds, 2),
        "archive_bytes": (folder / "model.pt2").stat().st_size,
    }


def process(case: Case, out: Path, force: bool) -> str:
    """Exports one case unless cached; returns a one-line status."""
    folder = out / case.name
    digest = case.definition_hash()
    record_path = folder / "case.json"
    if not force and record_path.exists():
        previous = json.loads(record_path.read_text())
        if previous.get("hash") == digest:
            return f"cached ({previous['status']})"

    record = {"name": case.name, "hash": digest, "torch_version": torch.__version__}
    staging = out / f".{case.name}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    start = time.perf_counter()
    if case.skip:
        record |= {"status": "skipped", "reason": case.skip}
    else:
        try:
            record |= {"status": "ok"} | export_case(case, staging)
        except Exception as error:  # noqa: BLE001 - every failure is recorded with its reason
            for leftover in staging.iterdir():
                leftover.unlink()
            (staging / "export.log").write_text(traceback.format_exc())
            message = f"{type(error).__name__}: {error}".strip().splitlines()
            record |= {"status": "export_failed", "reason": message[0][:500] if message else type(error).__name__}
    record["total_seconds"] = round(time.perf_counter() - start, 2)
    (staging / "case.json").write_text(json.dumps(record, indent=1) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)

    if record["status"] == "ok":
        return f"ok ({record['total_seconds']} s, {record['archive_bytes'] / 1e6:.1f} MB)"
    return f"{record['status']}: {record['reason']}"


def write_catalog(out: Path) -> None:
    """Writes OUT/catalog.json atomically (both oracles write the same file) and removes the folders
    of cases that are no longer in the catalog."""
    staging = out / f".catalog.json.{os.getpid()}"
    staging.write_text(json.dumps([c.catalog_entry() for c in CASES], indent=1) + "\n")
    staging.rename(out / "catalog.json")
    names = {c.name for c in CASES}
    for record in out.glob("*/case.json"):
        if record.parent.name not in names:
            shutil.rmtree(record.parent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--force", action="store_true", help="export again even when cached")
    args = parser.parse_args()

    names = [c.name for c in CASES]
    if len(set(names)) != len(names):
        raise SystemExit("duplicate case names in the catalog")
    if args.list:
        for c in CASES:
            tags = [c.group] + ([f"torch {c.torch}"] if c.torch else []) + (["skipped"] if c.skip else [])
            print(f"{c.name:40} {', '.join(tags):28} {c.description}")
        return 0
    selected = CASES
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - set(names)
        if unknown:
            raise SystemExit(f"unknown cases: {', '.join(sorted(unknown))}")
        selected = [c for c in CASES if c.name in wanted]

    # Cases are exported by the torch series they name; the rest by any other (the main oracle).
    series, named_series = torch_series(), {c.torch for c in CASES if c.torch}
    mine = [c for c in selected if c.torch == series or (c.torch is None and series not in named_series)]
    args.out.mkdir(parents=True, exist_ok=True)
    write_catalog(args.out)
    print(f"torch {torch.__version__}: {len(mine)} of {len(selected)} selected cases are exported with it",
          flush=True)
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    statuses = {}
    for case in mine:
        status = process(case, args.out, args.force)
        statuses[case.name] = status
        print(f"  {case.name:40} {status}", flush=True)
    failed = [n for n, s in statuses.items() if "export_failed" in s]
    skipped = [n for n, s in statuses.items() if "skipped" in s]
    print(f"{len(mine) - len(failed) - len(skipped)} of {len(mine)} cases exported, {len(skipped)} skipped, "
          f"{len(failed)} failed to export" + (f": {', '.join(failed)}" if failed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
