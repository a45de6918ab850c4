# Every target installs what it needs on first use: `make site` and `make test` work on a fresh clone.
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SITE_URL ?= http://127.0.0.1:8000/

.PHONY: site serve test check extract update golden new-locale pseudo bench test-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

site: $(STAMP)
	$(PY) -m generator build --site-url $(SITE_URL)

serve: $(STAMP)
	$(PY) -m generator serve

extract: $(STAMP)
	$(PY) -m generator extract

update: $(STAMP)
	$(PY) -m generator update

new-locale: $(STAMP)
	@test -n "$(LOCALE)" || { echo "usage: make new-locale LOCALE=xx (a BCP 47 tag, e.g. es or zh-Hant)" >&2; exit 2; }
	$(PY) -m generator new-locale $(LOCALE)

pseudo: $(STAMP)
	$(PY) -m generator pseudo --site-url $(SITE_URL)

bench: $(STAMP)
	$(PY) -m generator bench

golden: $(STAMP)
	$(PY) -m generator golden

test-deps:
	@bash tests/ensure-tools.sh

test: $(STAMP) test-deps
	$(PY) -m pytest -q

clean:
	rm -rf build site

check: $(STAMP)
	$(PY) -m generator check $(if $(LOCALE),--locale $(LOCALE))
