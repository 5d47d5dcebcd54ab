# Warboard's image: the wheels in build/wheels (`make wheels`: Warboard's own wheel, which carries
# the templates, static files with the pages' bundles, and migrations, see setup.py, and every
# dependency's) installed into a virtual environment on a slim Python, run as an unprivileged user.
# The build reads nothing from the network: `make image` makes the wheels, then builds this.
# PYTHON_IMAGE: any Python 3.11 image with the venv module (tests/compose/standins.sh makes a
# Debian one where no registry answers).
ARG PYTHON_IMAGE=python:3.11-slim
FROM ${PYTHON_IMAGE}
RUN useradd --system --uid 10001 --create-home --home-dir /srv/warboard warboard \
 && python3 -m venv /opt/warboard
COPY build/wheels /wheels
RUN /opt/warboard/bin/pip install --quiet --no-cache-dir --no-index --find-links /wheels warboard \
 && rm -rf /wheels
ENV PATH=/opt/warboard/bin:$PATH PYTHONDONTWRITEBYTECODE=1
USER warboard
WORKDIR /srv/warboard
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["warboard", "serve", "--host", "0.0.0.0", "--port", "8000"]
