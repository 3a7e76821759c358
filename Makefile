VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

.PHONY: demo test lint eval bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

demo: $(VENV)/.installed
	-$(VENV)/bin/claimcheck check examples/adc-comparison.md

lint: $(VENV)/.dev-installed
	$(VENV)/bin/ruff check claimcheck tests benchmarks
	$(VENV)/bin/ruff format --check claimcheck tests benchmarks

test: $(VENV)/.dev-installed
	$(VENV)/bin/ruff check claimcheck tests benchmarks
	$(VENV)/bin/ruff format --check claimcheck tests benchmarks
	$(PY) -m pytest

eval: $(VENV)/.installed
	$(VENV)/bin/claimcheck eval corpus/

bench: $(VENV)/.dev-installed
	$(PY) benchmarks/bench_pipeline.py

clean:
	rm -rf $(VENV) build dist *.egg-info
