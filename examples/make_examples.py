"""Exports the bundled example programs (run inside the oracle):

    tools/oracle run examples/make_examples.py

examples/tiny_cnn.pt2: a small convolutional classifier with a dynamic batch
dimension (1 to 64), exported with torch.export and saved with
torch.export.save. It is what `tools/dev demo` converts. Its inputs and
PyTorch's outputs are saved beside it (tiny_cnn.npz) so a user with
onnxruntime can check the converted model.
"""
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))


class TinyCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)
        self.pool = torch.nn.AdaptiveAvgPool2d(1)
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        x = torch.relu(self.bn(self.conv(x)))
        return torch.softmax(self.fc(torch.flatten(self.pool(x), 1)), dim=-1)


def main():
    torch.manual_seed(0)
    model = TinyCNN().eval()
    x = torch.randn(2, 3, 16, 16)
    batch = torch.export.Dim("batch", min=1, max=64)
    program = torch.export.export(model, (x,), dynamic_shapes={"x": {0: batch}}, strict=False)
    torch.export.save(program, os.path.join(HERE, "tiny_cnn.pt2"))
    with torch.no_grad():
        y = model(x)
    np.savez(os.path.join(HERE, "tiny_cnn.npz"), x=x.numpy(), y=y.numpy())


if __name__ == "__main__":
    main()
