-- sql/report/97_references.sql: the page's references, an unnumbered
-- section at the end of the page (after every numbered one). Each entry has
-- an anchor id; a paragraph cites one by writing its id in brackets,
-- "[ref-blog]", which the renderer (99_render.sql) turns into a link "[n]"
-- to the entry, n its place in this list.
CREATE TEMP TABLE IF NOT EXISTS page_refs(id TEXT PRIMARY KEY, n INTEGER UNIQUE);
CREATE TEMP TABLE page_ref_entries(n INTEGER PRIMARY KEY, id TEXT UNIQUE, body TEXT);
INSERT INTO page_ref_entries VALUES
  (1, 'ref-paper', 'David Cortes, Carlos Juiz and Belen Bermejo, "Estudio de la eficiencia en la '
     || 'escalabilidad de GPUs para el entrenamiento de Inteligencia Artificial" (a study of the '
     || 'efficiency of GPU scaling for training artificial intelligence), arXiv:2509.03263, 2025. '
     || 'https://arxiv.org/abs/2509.03263. The paper this page reproduces.'),
  (2, 'ref-review', 'Pith, "Pith review of: Estudio de la eficiencia en la escalabilidad de GPUs '
     || 'para el entrenamiento de Inteligencia Artificial", a machine review of arXiv:2509.03263 '
     || '(reviewed 2026-08-15), pith.science, 2026. https://pith.science/paper/WZNGIDT3. The review '
     || 'this page answers.'),
  (3, 'ref-blog', 'aiDatix, "Mismo clúster, 33 puntos más de utilización: lo que cambió fue el '
     || 'orden" (same cluster, 33 more points of utilization: what changed was the order), blog '
     || 'post in Spanish; it reports an experiment by Dharma AI with Hugging Face, which it does not '
     || 'link. The copy the project was given carries no date and no address. Section 7 tests its '
     || 'claim.'),
  (4, 'ref-openb', 'Qizhen Weng, Lingyun Yang, Yinghao Yu, Wei Wang, Xiaochuan Tang, Guodong Yang '
     || 'and Liping Zhang, "Beware of Fragmentation: Scheduling GPU-Sharing Workloads with '
     || 'Fragmentation Gradient Descent", USENIX ATC ''23, 2023. '
     || 'https://www.usenix.org/conference/atc23/presentation/weng. Its trace (OpenB): the Alibaba '
     || 'Cluster Trace Program, cluster-trace-gpu-v2023, https://github.com/alibaba/clusterdata, '
     || 'commit 7a6c496e4f4b6ce6150be8f881cb051bf2abff42 (files openb_node_list_gpu_node.csv, '
     || 'openb_pod_list_default.csv, openb_pod_list_gpuspec33.csv).'),
  (5, 'ref-mccandlish2018', 'Sam McCandlish, Jared Kaplan, Dario Amodei and the OpenAI Dota Team, '
     || '"An Empirical Model of Large-Batch Training", arXiv:1812.06162, 2018. '
     || 'https://arxiv.org/abs/1812.06162.'),
  (6, 'ref-shallue2019', 'Christopher J. Shallue, Jaehoon Lee, Joseph Antognini, Jascha '
     || 'Sohl-Dickstein, Roy Frostig and George E. Dahl, "Measuring the Effects of Data Parallelism '
     || 'on Neural Network Training", Journal of Machine Learning Research 20(112), 1-49, 2019. '
     || 'https://jmlr.org/papers/v20/18-789.html.');
INSERT INTO page_refs SELECT id, n FROM page_ref_entries;

INSERT INTO page
  SELECT 99, 0, 1, 0, 'h2', 'References', 'references'
  UNION ALL
  SELECT 99, 0, 2, n, 'ref', body, id FROM page_ref_entries;
